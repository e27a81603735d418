// Task detail (spec 000): every field edited in place and saved on its own (PATCH with the version
// read; the answer's version is the next). A field changed in the file meanwhile shows the other
// value with "Keep mine" / "Keep theirs" (409 edit_conflict, or a live event while it is edited).
import{h,$,replace,icon,reducedMotion}from'./dom.js'
import{on,emit}from'./bus.js'
import{api}from'./api.js'
import{completeTask}from'./row.js'
import{minutesLabel}from'./dates.js'
import{closeTask,route}from'./router.js'
import{row,debounce,segmented,options}from'./detail/ui.js'
import{dateField,friendly}from'./detail/datefield.js'
import{tagsField,areaField,projectField}from'./detail/pickers.js'
import{recurrenceField}from'./detail/recurrence.js'
import{confirmSheet}from'./detail/sheet.js'
import{localToday}from'./detail/calendar.js'
import{syncPanel}from'./detail/sync.js'
import{historySection}from'./detail/history.js'
import{checklistField}from'./detail/checklist.js'
import{conflictsOf,refreshConflicts}from'./conflicts.js'

const same=(a,b)=>JSON.stringify(a??null)===JSON.stringify(b??null)
const toast=(message,undo)=>emit('toast',{message,undo})
/** A field back to normal: no conflict, no message. */
const calm=el=>{el.classList.remove('changed-elsewhere');el.querySelectorAll('.dfield-msg,.conflict').forEach(x=>x.remove())}

let cur=null; // {id, task, fields, queue, pending, opener}
let today=localToday()
let asked

/** #detail's content: the bar (close button, `flag`) and `kids`. */
const frame=(flag,...kids)=>replace($('#detail'),h('div.detail-inner',
  h('header.detail-bar',h('button.icon-btn.detail-close',{'aria-label':'Close details',onclick:leave},icon('back')),flag),kids))

/** Opens task `id` in #detail (desktop: right pane; phone: full screen). */
export async function openDetail(id){
  const pane=$('#detail')
  if(!pane||cur?.id===id)return
  flushAll()
  asked||=api.overview().then(r=>{today=r?.today||today},()=>{})
  const c=cur={id,fields:[],queue:Promise.resolve(),pending:0,opener:document.activeElement}
  pane.hidden=false
  pane.tabIndex=-1
  document.documentElement.classList.add('detail-open')
  frame(null,h('p.detail-loading','Loading…'))
  if(!reducedMotion()){pane.classList.remove('enter');void pane.offsetWidth;pane.classList.add('enter')}
  try{
    const r=await api.task(id)
    if(cur===c)render(r.task)
  }catch(e){
    if(cur===c)frame(null,h('p.detail-error',{role:'alert'},e.status===404?'This task no longer exists.':e.message))
  }
}

/** Closes the detail (pending edits are saved first). */
export function closeDetail(){
  if(!cur)return
  flushAll()
  const{id,opener}=cur,pane=$('#detail')
  cur=null
  pane.hidden=true
  replace(pane)
  document.documentElement.classList.remove('detail-open')
  // Focus goes back to the row (again once the list has re-rendered, if it did).
  const back=()=>($(`.task-row[data-id="${CSS.escape(id)}"]`)||(opener?.isConnected&&opener)||$('#main'))?.focus?.({preventScroll:true})
  back()
  setTimeout(()=>{if(!cur&&document.activeElement===document.body)back()},250)
}

function leave(){
  if(route()?.kind==='task')closeTask()
  closeDetail()
}

function flushAll(){for(const f of cur?.fields||[])f.flush?.()}

// One write at a time per task, each with the version the previous one returned.
function enqueue(c,job){
  c.pending++
  const p=c.queue.then(job).finally(()=>c.pending--)
  c.queue=p.catch(()=>{})
  return p
}

/** Saves one field ({key: value}, or `call(cur, version)`) → the new task, or nothing (the field says why). */
async function save(key,value,call){
  const c=cur,f=fieldOf(key)
  // A field changed elsewhere while edited holds its save until Keep mine / Keep theirs.
  if(f?.hold){f.hold=()=>save(key,value,call);return}
  call||=(c,v)=>api.patch(c.id,{[key]:value},v)
  return c&&enqueue(c,async()=>{
    try{
      const{task}=await call(c,c.task.version)
      c.task=task
      emit('tasks-changed',{ids:[c.id],kind:'modified',task})
      if(cur===c){
        if(f)calm(f.el)
        adopt(task)
      }
      return task
    }catch(e){
      if(cur!==c)toast(`Not saved: ${e.message}`)
      else if(e.code==='edit_conflict'&&e.conflict){
        for(const x of e.conflict.fields||[])showConflict(x.key,x.on_disk,e.conflict.current_version,x.key===key&&(()=>save(key,value,call)))
      }else message(fieldOf(key),e.status===0?'Not saved: the server cannot be reached.':e.message)
    }
  })
}

function message(f,text){
  if(!f)return toast(text)
  f.el.querySelector('.dfield-msg')?.remove()
  f.el.append(h('p.dfield-msg',{role:'alert'},text))
}

const fieldOf=key=>cur?.fields.find(f=>f.key===key||f.keys?.includes(key))

/** The file's `key` now says `onDisk`: show it, offer to keep mine or theirs. `retry` re-saves mine. */
function showConflict(key,onDisk,version,retry){
  const f=fieldOf(key),c=cur
  if(!f)return
  // The field's own label ("Deadline", "Repeat"…), else the key ("Title").
  const label=key==='recurrence_type'?'Repeat mode':$('.dfield-label',f.el)?.textContent||key[0].toUpperCase()+key.slice(1)
  const shown=onDisk==null||onDisk===''?'nothing':/^\d{4}-\d\d-\d\d/.test(onDisk)?friendly(onDisk,today):[onDisk].flat().join(', ')
  const keep=mine=>async()=>{
    const again=retry||f.hold
    calm(f.el);f.hold=0
    // Without `retry` (a live change while editing) mine is the held save, else saved when the edit finishes.
    if(mine){retry&&(c.task={...c.task,version});again?.call&&(await again())&&f.update(c.task)}
    else try{const r=await api.task(c.id);if(cur===c)adopt(r.task,true)}catch(e){message(f,e.message)}
  }
  calm(f.el)
  f.el.classList.add('changed-elsewhere')
  f.el.append(h('div.conflict',{role:'alert'},
    h('p',`${label} changed in the file to “`,h('strong',shown),'”.'),
    h('div.conflict-actions',h('button.btn.keep-mine',{onclick:keep(1)},'Keep mine'),h('button.btn.keep-theirs',{onclick:keep()},'Keep theirs'))))
}

/** Shows a task from the server in every field not being edited (all with `force`). */
function adopt(task,force){
  cur.task=task
  for(const f of cur.fields)if(force||!(f.hold||f.busy?.()))f.update(task)
  drawMeta()
}

// The open task changed elsewhere (after our own writes settle, so they are not mistaken for it).
on('live',({kind,data}={})=>{
  const t=data?.task,c=cur
  if(!c?.task||(kind!=='reload'&&(t?.id??data?.id)!==c.id&&(t?.path??data?.path)!==c.task.path))return
  c.queue.then(async()=>{
    if(cur!==c||c.pending)return
    if(kind==='removed')return $('#detail .detail-gone')||$('#detail .detail-scroll')?.prepend(h('p.detail-gone.conflict',{role:'alert'},'This task was deleted or moved elsewhere.'))
    const fresh=t?.version&&t.body!==undefined?t:(await api.task(c.id).catch(()=>null))?.task
    if(!fresh||cur!==c||fresh.version===c.task.version)return
    const old=c.task
    c.task=fresh
    for(const f of c.fields){
      const changed=(f.keys||[f.key]).filter(k=>!same(old[k],fresh[k]))
      if(!changed[0])continue
      if(f.hold||f.busy?.()){f.hold||=1;for(const k of changed)showConflict(k,fresh[k],fresh.version)}
      else f.update(fresh)
    }
    drawMeta()
  })
})

on('route',r=>{if(cur&&r?.kind!=='task')closeDetail()})

// Fields: {key, keys?, el, update(task), busy?(), flush?}; hold: a live conflict (1, or the held save).

/** Title (required: a blank one reverts), description, notes (multiline, with full screen). */
function textField(key,label,cls,multiline){
  let base=''
  const required=key==='title'
  const revert=()=>{push.cancel();input.value=base}
  const input=h('textarea',{
    id:'detail-'+key,name:key,class:cls,rows:multiline?6:1,placeholder:required?'Task title':label,'aria-label':multiline?null:label,
    oninput:()=>push(),
    onblur:()=>(required&&!input.value.trim()?revert():push.flush()),
    onkeydown:e=>{
      if(e.key==='Enter'&&!multiline&&!e.isComposing){e.preventDefault();push.flush()}
      if(e.key==='Escape'&&input.value!==base){e.stopPropagation();revert()}
    },
  })
  const push=debounce(()=>{
    const v=input.value
    if((!required||v.trim())&&v!==base)save(key,v||null).then(t=>{if(t)base=t[key]??''})
  },600)
  const full=multiline&&h('button.icon-btn.notes-expand',{'aria-pressed':'false','aria-label':'Notes full screen',onclick:()=>{
    full.setAttribute('aria-pressed',$('#detail').classList.toggle('notes-full'))
    input.focus()
  }},icon('note'))
  return{
    key,flush:push.flush,
    el:multiline?row(key,label,input.id,input,full):h('div.dfield',{dataset:{field:key}},input),
    update(t){input.value=base=t[key]??''},
    busy:()=>push.pending()||(document.activeElement===input&&input.value!==base),
  }
}

function statusField(){
  let was
  const sel=h('select#detail-status',{name:'status',onchange:async()=>{
    const next=sel.value
    const act={done:'done',cancelled:'cancel'}[next]||(next==='todo'&&/done|cancelled/.test(was)?'reopen':null)
    // Done goes through completeTask: a parent with open subtasks asks first (cancelled: the task unchanged).
    const t=await save('status',next,act&&((c,v)=>act==='done'?completeTask(c.task,v).then(r=>r||{task:c.task}):api.act(c.id,act,{},v)))
    sel.value=t?t.status:was
    if(t?.status==='done'&&act==='done')toast('Completed',true)
  }},options([['todo','To do'],['in-progress','In progress'],['someday','Someday'],['done','Done'],['cancelled','Cancelled']]))
  return{key:'status',el:row('status','Status',sel.id,sel),update(t){was=sel.value=t.status;$('#detail').classList.toggle('is-done',t.status==='done')}}
}

function flagField(){
  const box=h('input#detail-flagged',{type:'checkbox',name:'flagged',onchange:async()=>{if(!(await save('flagged',box.checked)))box.checked=!box.checked}})
  return{key:'flagged',update(t){box.checked=!!t.flagged},el:h('label.flag-toggle',{title:'Flag'},box,icon('flagged'),h('span.sr-only','Flagged'))}
}

function priorityField(){
  const seg=segmented('priority','Priority',[['none','None'],['low','Low'],['medium','Medium'],['high','High']],
    async v=>seg.select((await save('priority',v)||cur.task).priority))
  return{key:'priority',el:row('priority','Priority',null,seg),update(t){seg.select(t.priority||'none')}}
}

/** Presets (None, 5m … 2h) and a custom number of minutes. */
function estimateField(){
  const hint=h('span.est-label')
  const set=async v=>{
    const n=v===''?null:Math.round(v)
    show((n===(cur.task.estimated_minutes??null)?cur.task:await save('estimated_minutes',n)||cur.task).estimated_minutes)
  }
  const num=h('input#detail-estimated_minutes',{type:'number',name:'estimated_minutes',min:'1',inputmode:'numeric',placeholder:'min','aria-label':'Estimate in minutes (custom)',onchange:()=>set(num.value)})
  const seg=segmented('estimate-preset','Estimate',[['','None'],[5,'5m'],[15,'15m'],[30,'30m'],[60,'1h'],[120,'2h']],set)
  function show(v){
    seg.select(v??''); // a custom value matches no preset
    if(document.activeElement!==num)num.value=v??''
    hint.textContent=v?minutesLabel(v):''
  }
  return{key:'estimated_minutes',el:row('estimated_minutes','Estimate',null,seg,num,hint),update:t=>show(t.estimated_minutes),busy:()=>document.activeElement===num}
}

/** The sync-conflict chooser while the file has a conflict copy (redrawn only when the conflict changed). */
function drawSync(){
  const slot=$('#detail .detail-sync'),c=cur?.task&&cur.task.line==null&&conflictsOf(cur.task.path),k=c?.[0]?JSON.stringify(c[0]):''
  if(!slot||slot.dataset.key===k)return
  slot.dataset.key=k
  replace(slot,k&&syncPanel(c[0],c.length-1,fields=>resolveSync(c[0],fields)))
}
on('conflicts',drawSync)

/** Settles a conflict with the choices ({key: mine|theirs}); the detail then shows the merged task. */
async function resolveSync(conflict,fields){
  const c=cur
  try{
    await enqueue(c,()=>api.resolve({task:conflict.copy,fields}))
    emit('tasks-changed',{ids:[c.id],kind:'modified'})
    toast('Conflict resolved',true)
    const r=await api.task(c.id)
    if(cur===c)adopt(r.task,true)
    await refreshConflicts()
    // The merged task from its top; focus stays in the pane (the Resolve button is gone).
    if(cur===c){$('#detail .detail-scroll').scrollTop=0;$('#detail').focus({preventScroll:true})}
    return true
  }catch(e){
    toast(`Not resolved: ${e.message}`)
    refreshConflicts()
  }
}

/** Brings version `v` back (with the version read: a file changed since is refused). */
async function restoreVersion(v){
  const c=cur
  try{
    const{task}=await enqueue(c,()=>api.restoreVersion(c.id,v,c.task.version))
    emit('tasks-changed',{ids:[c.id],kind:'modified',task})
    if(cur===c)adopt(task,true)
    toast(`Restored ${v}`,true)
  }catch(e){
    toast(e.code==='edit_conflict'?'Not restored: the file changed since it was read. Look again, then restore.':`Not restored: ${e.message}`)
    if(e.code==='edit_conflict'&&cur===c)api.task(c.id).then(r=>cur===c&&adopt(r.task,true),()=>{})
  }
}

/** Created / modified / completed / source / file, unknown keys, problems: read-only. */
function drawMeta(){
  const box=$('#detail .detail-meta'),t=cur.task
  if(!box)return
  drawSync()
  const str=v=>(typeof v==='string'?v:JSON.stringify(v))
  const item=(k,v)=>v!=null&&v!==''&&h('div.meta-item',h('dt',k),h('dd',String(v)))
  const extra=Object.entries(t.extra||{})
  replace(box,
    h('dl.meta-list',['Created','Modified','Completed'].map(k=>item(k,t[k.toLowerCase()]&&new Date(t[k.toLowerCase()]).toLocaleString(undefined,{dateStyle:'medium',timeStyle:'short'}))),
      item('Source',t.source&&(t.source==='user'?'You':`Created by ${t.source}`)),item('File',t.path+(t.line?`:${t.line}`:''))),
    extra[0]&&h('details.meta-extra',h('summary',`Other fields (${extra.length})`),h('dl.meta-list',extra.map(([k,v])=>item(k,str(v))))),
    t.problems?.[0]&&h('ul.meta-problems',{'aria-label':'Problems'},t.problems.map(p=>h('li',icon('warning'),' ',str(p.message||p)))))
}

/** Ticks checklist item `item` (its number) with the version read; a file changed since is reloaded, nothing ticked. */
async function tick(item,done){
  const c=cur,f=fieldOf('checklist')
  calm(f.el)
  try{
    const{task}=await enqueue(c,()=>api.act(c.id,'check',{item,done},f.el.dataset.version||c.task.version))
    emit('tasks-changed',{ids:[c.id],kind:'modified',task})
    if(cur===c)adopt(task)
  }catch(e){
    if(cur!==c)return toast(`Not saved: ${e.message}`)
    const stale=e.code==='edit_conflict'
    f.update(c.task)
    if(stale)try{adopt((await api.task(c.id)).task)}catch{}
    message(f,stale?'Not ticked: the notes changed elsewhere. The checklist is reloaded as it is now.':e.status===0?'Not saved: the server cannot be reached.':e.message)
  }
}

async function remove(){
  const c=cur
  if(!(await confirmSheet(`Delete “${c.task.title}”?`)))return
  try{
    await enqueue(c,()=>api.remove(c.id,c.task.version))
    emit('tasks-changed',{ids:[c.id],kind:'removed'})
    toast('Task deleted',true)
    if(cur===c)leave()
  }catch(e){
    toast(e.code==='edit_conflict'?'Not deleted: the file changed elsewhere; look again, then delete.':e.message)
  }
}

function render(task){
  const pane=$('#detail'),ctx={task:()=>cur.task,today,save}
  cur.task=task
  // In this order: 0 title, 1 description, 2 flag, 3–6 status and dates, 7–8 priority and estimate,
  // 9–11 area, project, tags, 12 repeat, 13 notes, 14 checklist.
  const f=cur.fields=[textField('title','Title','detail-title'),textField('description','Description','detail-desc'),flagField(),statusField(),
    dateField('scheduled','When','today, friday, +3d…',ctx),dateField('due','Deadline','no deadline',ctx),dateField('defer','Defer until','not deferred',ctx),
    priorityField(),estimateField(),areaField(ctx),projectField(ctx),tagsField(ctx),recurrenceField(ctx),textField('body','Notes','detail-notes',1),checklistField(tick)]
  const group=(label,from,to)=>h('section.detail-group',{'aria-label':label},f.slice(from,to).map(x=>x.el))
  frame(f[2].el,h('div.detail-scroll',
    h('div.detail-head',f[0].el,f[1].el),
    h('div.detail-sync'),
    group('Status and dates',3,7),group('Priority and estimate',7,9),group('Where',9,12),group('Repeat',12,13),
    f[14].el,h('section.detail-group.notes',f[13].el),
    h('section.detail-meta',{'aria-label':'Information'}),
    task.line==null&&historySection({task:()=>cur.task,restore:restoreVersion}),
    h('div.detail-actions',h('button.btn.danger.detail-delete',{onclick:remove},icon('trash'),'Delete'))))
  if(task.line!=null){ // a checkbox line in a note: only these fields live on the line
    for(const x of f.slice(1))if(!/^(status|due|scheduled|defer|priority|recurrence|tags)$/.test(x.key))x.el.hidden=true
    $('textarea',f[0].el).readOnly=true
    f[0].el.after(h('p.detail-note',`A checkbox in ${task.path}; edit its text there.`))
  }
  pane.classList.remove('notes-full')
  pane.onkeydown=e=>{
    if(e.key!=='Escape'||e.defaultPrevented)return
    e.preventDefault()
    if(pane.classList.contains('notes-full'))$('.notes-expand',pane).click();else leave()
  }
  adopt(task,true)
  pane.focus({preventScroll:true})
}
