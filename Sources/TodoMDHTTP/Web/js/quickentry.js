// Quick entry (spec 000) and the inline "New task" row (spec 001). The keystroke shows at once; a
// debounced /api/parse (stale answers dropped) previews what was understood as chips. Enter
// creates, Shift-Enter creates and stays, Escape closes; empty input is ignored.
import{h,replace,icon}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{dayLabel,minutesLabel}from'./dates.js'
import{sheet}from'./detail/sheet.js'
import{localToday}from'./detail/calendar.js'

const PREFILL=['project','area','tags','scheduled','due','defer','flagged','priority']
const unset=v=>v==null||v===false||v==='none'

/** [kind, text] chips for a (partial) task. */
function chipsOf(t,today){
  const out=[],add=(k,v,text=v)=>v&&!unset(v)&&out.push([k,text])
  for(const[k,name]of[['scheduled','When'],['due','Due'],['defer','Defer']])add(k,t[k],`${name} ${/^\d{4}-\d\d-\d\d/.test(t[k]) ? dayLabel(t[k], today) : t[k]}`)
  for(const tag of t.tags||[])add('tag','#'+tag)
  add('area',t.area)
  add('project',t.project)
  add('priority',t.priority,`${t.priority?.[0]?.toUpperCase()}${t.priority?.slice(1)} priority`)
  add('flag',t.flagged,'Flagged')
  add('repeat',t.recurrence,t.recurrence_text||t.recurrence)
  add('estimate',t.estimated_minutes,minutesLabel(t.estimated_minutes))
  return out
}

/** An entry line: input + chips + message; Enter → create(stay = Shift). Returns its parts. */
function entry(prefill,name,placeholder,cls,onCreated){
  const today=localToday()
  let seq=0,timer,last=null,busy
  /** What the list prefills and the text does not say (tags: the list's that the text lacks). */
  const pre=(t={})=>Object.fromEntries(PREFILL.filter(k=>prefill[k]!=null&&(k==='tags'||unset(t[k])))
    .map(k=>[k,k==='tags'?prefill.tags.filter(x=>!t.tags?.includes(x)):prefill[k]]))
  // Chips: the list's prefill (what the text sets wins; tags add up), then what the text says.
  const draw=(t={})=>replace(chips,[...chipsOf(pre(t),today).map(c=>[...c,1]),...chipsOf(t,today)].map(([k,text,pf])=>
    h('li',{class:['chip','chip-'+k,pf&&'prefill'],title:pf&&'From this list'},text)))
  const input=h('input',{type:'text',name,id:name+'-input',autocomplete:'off',enterkeyhint:'done',placeholder,'aria-label':'New task',
    oninput:()=>{clearTimeout(timer);timer=setTimeout(()=>parse(input.value),120)},
    onkeydown:e=>{if(e.key==='Enter'&&!e.isComposing){e.preventDefault();submit(e.shiftKey)}}})
  const chips=h('ul.chips',{class:['chips',cls],'aria-label':'Understood','aria-live':'polite'})
  const msg=h('p.dfield-msg',{role:'alert',hidden:true})
  async function parse(text){
    const my=++seq
    if(!text.trim()){last=null;draw();return{}}
    try{
      const{task}=await api.parse(text)
      if(my===seq){last={text,task};draw(task)}
      return task
    }catch{return{}}
  }
  async function submit(stay){
    const text=input.value.trim()
    if(!text||busy)return; // empty input is ignored
    busy=true
    msg.hidden=true
    try{
      let body={text}
      if(PREFILL.some(k=>prefill[k]!=null)){
        clearTimeout(timer)
        const t=last?.text===input.value?last.task:await parse(input.value)
        body={...body,...pre(t)}
        if(prefill.tags)body.tags=[...new Set([...prefill.tags,...t.tags||[]])]
      }
      const{task}=await api.create(body)
      emit('tasks-changed',{ids:[task.id],kind:'added',task})
      emit('toast',{message:`Added “${task.title}”`,undo:true})
      input.value=''
      seq++
      last=null
      draw()
      onCreated(stay)
    }catch(e){msg.textContent=e.message;msg.hidden=false}
    busy=false
  }
  draw()
  return{input,chips,msg,submit}
}

let open=null

/** The floating quick entry (prefill: {project, area, tags, scheduled…} of the current list). */
export function openQuickEntry(prefill={}){
  if(open)return open.panel.querySelector('input').focus()
  const s=open=sheet({label:'New task',id:'quick-entry',cls:'quick-entry',onClose:()=>{open=null}})
  const e=entry(prefill,'quick','New task','quick-chips',stay=>(stay?e.input.focus():s.close()))
  e.input.setAttribute('aria-describedby','quick-hint')
  s.panel.append(h('div.quick-line',icon('plus'),e.input),e.chips,e.msg,
    h('div.quick-foot',
      h('p.quick-hint#quick-hint','Try “Call mom friday #family”. Enter adds, Shift-Enter adds another, Esc closes.'),
      h('button.btn',{onclick:()=>s.close()},'Cancel'),
      h('button.btn.primary',{onclick:()=>e.submit()},'Add')))
  e.input.focus()
}

/** The "New task" row a list mounts at its end; creates with the list's prefill and stays open. */
export function inlineEntry(prefill={}){
  const el=h('div.inline-entry')
  const add=h('button.inline-add',{onclick:()=>expand()},icon('plus'),h('span','New task'))
  const collapse=focus=>{replace(el,add);if(focus)add.focus()}
  function expand(){
    const e=entry(prefill,'new-task','Type a task…','inline-chips',()=>e.input.focus())
    e.input.addEventListener('keydown',ev=>{if(ev.key==='Escape'){ev.preventDefault();ev.stopPropagation();collapse(true)}})
    e.input.addEventListener('blur',()=>setTimeout(()=>{if(!el.contains(document.activeElement)&&!e.input.value.trim())collapse()},150))
    replace(el,h('div.inline-line',h('button.icon-btn.inline-submit',{'aria-label':'Add task',onclick:()=>e.submit()},icon('plus')),e.input),e.chips,e.msg)
    e.input.focus()
  }
  collapse()
  return el
}
