// The date-and-time sheet (spec 001): calendar, a typed phrase, an optional time; Save, Cancel,
// Clear. It writes the field itself and resolves with the saved value (null: cleared,
// undefined: cancelled).
import{h}from'../dom.js'
import{api}from'../api.js'
import{emit}from'../bus.js'
import{timeOf}from'../dates.js'
import{calendar,localToday}from'./calendar.js'
import{friendly}from'./datefield.js'
import{sheet}from'./sheet.js'

const NAMES={due:'Due date',scheduled:'Scheduled',defer:'Defer until'}

export const openDateSheet=(task,field='due',today=localToday())=>new Promise(resolve=>{
  let result,day=task[field]?.slice(0,10)||null,busy
  const title=NAMES[field]||field
  const s=sheet({label:title,id:'date-sheet',onClose:()=>resolve(result)})
  const summary=h('p.sheet-summary',{'aria-live':'polite'})
  const msg=h('p.dfield-msg',{role:'alert'})
  const phrase=()=>text.value.trim()
  const value=()=>phrase()||(day?day+(time.value?'T'+time.value:''):null)
  const render=()=>{summary.textContent=phrase()?`“${phrase()}”`:day?friendly(value(),today):'No date'}
  const text=h('input#date-sheet-text',{type:'text',name:'date-phrase',autocomplete:'off',placeholder:'friday, next week, +3d…',oninput:render,
    onkeydown:e=>{if(e.key==='Enter'){e.preventDefault();save(value())}}})
  const time=h('input#date-sheet-time',{type:'time',name:'date-time',value:timeOf(task[field])||'',oninput:render})
  const cal=calendar({value:day,today,label:title,onPick:iso=>{day=iso;text.value='';cal.setValue(iso);render()}})

  async function save(v){
    if(busy)return
    if(v===null&&!task[field])return s.close(result=null)
    busy=true
    try{
      const r=await api.patch(task.id,{[field]:v},task.version)
      result=r.task[field]??null
      emit('tasks-changed',{ids:[task.id],kind:'modified',task:r.task})
      s.close()
    }catch(e){
      const c=e.code==='edit_conflict'&&e.conflict,f=c?.fields?.find(x=>x.key===field)
      if(c)task={...task,version:c.current_version}
      msg.textContent=c?`Changed elsewhere${f ? ` to ${f.on_disk ?? 'nothing'}` : ''}. Save again to replace it.`:e.message
    }
    busy=false
  }
  s.panel.append(h('h2.sheet-title',title),summary,cal,
    h('div.sheet-grid',h('label',{for:text.id},'Type a date'),text,h('label',{for:time.id},'Time'),time),msg,
    h('div.sheet-actions',h('button.btn.clear-btn',{name:'clear',onclick:()=>save(null)},'Clear'),
      h('button.btn',{name:'cancel',onclick:()=>s.close()},'Cancel'),h('button.btn.primary',{name:'save',onclick:()=>save(value())},'Save')))
  render()
  cal.focus()
});
