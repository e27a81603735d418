// Popup menus (role=menu, arrow keys, Escape), the task context menu, the defer menu and a confirm dialog.
import{h,$,$$,icon,replace}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{toast}from'./toast.js'
import{overview}from'./sidebar.js'
import{cap}from'./router.js'
import{isClosed,changed,completeTask}from'./row.js'

let open=null
export function closeMenu(){
  if(!open)return
  const{el,back}=open
  open=null
  el.remove()
  back?.focus?.({preventScroll:true})
}

/** Opens a menu of items [{label, icon, run, danger, items: () => items}] ('-' separates) at {x, y}. */
export function openMenu(items,at,label='Actions'){
  closeMenu()
  const el=h('div.menu',{role:'menu','aria-label':label,tabindex:-1})
  const all=()=>$$('.menu-item',el)
  const focusAt=i=>{const a=all();a[(i+a.length)%a.length]?.focus()}
  const fill=list=>replace(el,list.filter(Boolean).map(it=>it=='-'?h('div.menu-sep',{role:'separator'}):h('button',{
    role:'menuitem',class:['menu-item',it.danger&&'danger'],tabindex:-1,'aria-haspopup':it.items&&'menu',
    onclick:async()=>{
      if(it.items){fill(await it.items());return focusAt(0)}
      closeMenu()
      try{await it.run()}catch(e){toast(e.message)}
    },
  },it.icon&&icon(it.icon),h('span',it.label),it.items&&icon('chevron','sub'))))
  fill(items)
  el.onkeydown=e=>{
    const i=all().indexOf(document.activeElement),to={ArrowDown:i+1,ArrowUp:i-1,Home:0,End:-1}[e.key]
    if(to!=null)focusAt(to)
    else if(e.key=='Escape'||e.key=='Tab')closeMenu()
    else return
    e.preventDefault();e.stopPropagation()
  }
  $('#overlays').append(el)
  const r=el.getBoundingClientRect(),put=(p,v,room)=>el.style[p]=Math.max(8,Math.min(v,room-8))+'px'
  put('left',at.x,innerWidth-r.width)
  put('top',at.y,innerHeight-r.height)
  open={el,back:document.activeElement}
  focusAt(0)
  return el
}

document.addEventListener('pointerdown',e=>{if(open&&!open.el.contains(e.target))closeMenu()},true)

/** A modal yes/no question (native <dialog>: focus trap and Escape). */
export function confirmDialog(message,ok='Delete'){
  return new Promise(resolve=>{
    const d=h('dialog.confirm',{'aria-label':'Confirm'},
      h('p',message),
      h('div.dialog-actions',
        h('button.btn',{onclick:()=>d.close('')},'Cancel'),
        h('button.btn.danger',{onclick:()=>d.close('ok')},ok)))
    d.onclose=()=>{d.remove();resolve(d.returnValue=='ok')}
    $('#overlays').append(d)
    d.showModal()
  })
}

// Runs a write on task t, announces it and says so (with Undo).
const write=async(t,kind,message,call)=>{
  await call
  changed(kind,t.id)
  if(message)toast(message,{undo:true})
}
const act=(t,action,message,body={},kind='modified')=>write(t,kind,message,api.act(t.id,action,body,t.version))

/** Sets fields on a task (one undo step) and says so. */
export const setFields=(t,fields,message)=>write(t,'modified',message,api.patch(t.id,fields,t.version))

/** Defers a task to a phrase/date ("tomorrow"), or asks with the date sheet (date = null). */
export async function deferTask(t,date){
  if(date==null){
    // The sheet saves (or clears) the date itself; only say so.
    date=await(await import('./detail/datesheet.js')).openDateSheet(t,'defer')
    if(date!==undefined)write(t,'modified',date===null?'Defer date cleared':`Deferred to ${date}`,null)
    return
  }
  return act(t,'defer',`Deferred to ${date}`,{date})
}

export const deferItems=t=>[['Tomorrow','today','tomorrow'],['This weekend','someday','saturday'],['Next week','upcoming','next monday'],['Pick a date…','calendar',null]]
  .map(([label,icon,d])=>({label,icon,run:()=>deferTask(t,d)}))

function moveItems(t){
  const to=(label,icon,area=null,project=null)=>({label,icon,run:()=>setFields(t,{area,project},`Moved to ${project||area||'Inbox'}`)})
  return[to('Inbox','inbox'),...(overview()?.areas||[]).flatMap(a=>[to(a.area,'area',a.area),
    ...a.projects.map(p=>to('  '+p.project,'project',a.area,p.project))])]
}

/** Makes t a subtask of task `parent` (null: top-level again) and says so. */
export const nestTask=(t,parent,title)=>write(t,'modified',parent?`Moved under “${title}”`:'Moved out of its parent',api.nest(t.id,parent,t.version))

// The keyboard's way to nest: the other tasks of the list shown (not t's own subtasks, not checkbox lines).
function parentItems(t){
  const rows=$$('#main .task-row'),i=rows.findIndex(li=>li.dataset.id==t.id)
  let k=i+1
  while(i>=0&&rows[k]&&+rows[k].dataset.depth>+rows[i].dataset.depth)k++
  const ok=rows.filter((li,j)=>(j<i||j>=k)&&li.task&&li.task.line==null&&li.dataset.id!=t.parent_id).slice(0,40)
  return ok.length?ok.map(li=>({label:li.task.title,icon:'check',run:()=>nestTask(t,li.dataset.id,li.task.title)})):[{label:'No other task in this list',run:()=>{}}]
}

/** Asks for a task file's new name or vault path (native <dialog>), then renames it: its subtasks'
 * and dependents' links follow on the server. */
export function renameFile(t){
  return new Promise(resolve=>{
    const old=t.path.replace(/\.md$/i,'')
    const input=h('input#rename-input',{type:'text',value:old,autocomplete:'off',spellcheck:'false','aria-describedby':'rename-help'})
    const d=h('dialog.confirm.rename-dialog',{'aria-labelledby':'rename-title'},
      h('h2#rename-title',`Rename “${t.title}”`),
      h('label',{for:'rename-input'},'File name, or a path to move it'),
      input,
      h('p#rename-help.hint','Subtasks and tasks waiting for it keep their links.'),
      h('div.dialog-actions',h('button.btn',{type:'button',onclick:()=>d.close('')},'Cancel'),
        h('button.btn.primary',{type:'button',onclick:()=>d.close('ok')},'Rename')))
    input.onkeydown=e=>{if(e.key=='Enter'){e.preventDefault();d.close('ok')}}
    d.onclose=async()=>{
      d.remove()
      const name=input.value.trim()
      if(d.returnValue=='ok'&&name&&name!=old){
        try{
          const r=await api.rename(t.id,name,t.version)
          changed('modified',t.id)
          // The open task follows its new id.
          if(location.pathname=='/task/'+encodeURIComponent(t.id))emit('open-task',r.task.id)
          toast(`Renamed to ${r.task.path}`,{undo:true})
        }catch(e){toast(e.message)}
      }
      resolve()
    }
    $('#overlays').append(d)
    d.showModal()
    input.focus()
    input.select()
  })
}

/** Asks before completing a parent with open subtasks (native <dialog>: focus trap, Escape cancels). */
export function confirmChildren(title,subtasks){
  return new Promise(resolve=>{
    const ok=h('button.btn.primary',{autofocus:true,onclick:()=>d.close('ok')},'Complete all')
    const d=h('dialog.confirm.subtasks-dialog',{'aria-labelledby':'subtasks-title','aria-describedby':'subtasks-text'},
      h('h2#subtasks-title',`Complete “${title}”?`),
      h('p#subtasks-text',subtasks.length==1?'It has an open subtask, which will be completed too:':`It has ${subtasks.length} open subtasks, which will be completed too:`),
      h('ul.subtask-list',subtasks.map(s=>h('li',s))),
      h('div.dialog-actions',h('button.btn',{onclick:()=>d.close('')},'Cancel'),ok))
    d.onclose=()=>{d.remove();resolve(d.returnValue=='ok')}
    $('#overlays').append(d)
    d.showModal()
    ok.focus()
  })
}

const DUP=['title','description','due','scheduled','defer','priority','flagged','area','project','tags','recurrence','estimated_minutes']

/** The context menu of a task (right-click, long-press, Shift-F10). */
export function taskMenu(t,at){
  const closed=isClosed(t)
  return openMenu([
    {label:'Open',icon:'note',run:()=>emit('open-task',t.id)},
    {label:closed?'Reopen':'Complete',icon:'check',run:async()=>closed?act(t,'reopen','Reopened',{},'done'):(r=>r&&write(t,'done','Completed',r))(await completeTask(t))},
    '-',
    {label:'Move to…',icon:'area',items:()=>moveItems(t)},
    t.line==null&&{label:'Make subtask of…',icon:'list',items:()=>parentItems(t)},
    t.parent_id&&{label:'Move out of parent',icon:'back',run:()=>nestTask(t,null)},
    t.line==null&&{label:'Rename file…',icon:'note',run:()=>renameFile(t)},
    {label:'Priority…',icon:'warning',items:()=>['high','medium','low','none'].map(p=>({label:cap(p),run:()=>setFields(t,{priority:p},`Priority: ${p}`)}))},
    {label:t.flagged?'Unflag':'Flag',icon:'flagged',run:()=>act(t,t.flagged?'unflag':'flag')},
    {label:'Defer…',icon:'calendar',items:()=>deferItems(t)},
    '-',
    {label:'Duplicate',icon:'plus',run:()=>write(t,'added','Duplicated',api.create(Object.fromEntries(DUP.filter(k=>t[k]!=null).map(k=>[k,t[k]]))))},
    {label:'Copy link',icon:'link',run:async()=>{await navigator.clipboard.writeText(location.origin+'/task/'+encodeURIComponent(t.id));toast('Link copied')}},
    t.line==null
      ?{label:'Delete…',icon:'trash',danger:true,run:async()=>await confirmDialog(`Move “${t.title}” to the Trash?`)&&write(t,'removed','Moved to Trash',api.remove(t.id,t.version))}
      :{label:'Cancel task',icon:'x',danger:true,run:()=>act(t,'cancel','Cancelled')},
  ],at,`Actions for ${t.title}`)
}
