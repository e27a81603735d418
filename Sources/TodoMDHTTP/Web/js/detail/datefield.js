// A date field (due / scheduled / defer): a text input that takes quick-entry phrases ("friday",
// "next week", "+3d", "dec 3 9am"; the server resolves them), a calendar popover and a time.
import{h,icon}from'../dom.js'
import{dayHeading,timeOf}from'../dates.js'
import{calendar}from'./calendar.js'
import{row}from'./ui.js'

/** The value as typed text: "2026-11-27" or "2026-11-27 14:30". */
const asText=v=>(v?v.slice(0,10)+(timeOf(v)?' '+timeOf(v):''):'')
/** A calm label: "Friday 27 Nov · 14:30". */
export const friendly=(v,today)=>(v?dayHeading(v.slice(0,10),today)+(timeOf(v)?` · ${timeOf(v)}`:''):'')

/** dateField(key, label, placeholder, ctx): ctx {task(), today, save(key, value) → Promise<task|falsy>}. */
export function dateField(key,label,placeholder,ctx){
  const id='detail-'+key
  let value=null,typed=null; // typed: the text shown when focus came in
  const input=h('input.date-input',{
    id,name:key,type:'text',autocomplete:'off',spellcheck:'false',placeholder,'aria-describedby':id+'-hint',
    onfocus:()=>{input.value=typed=asText(value);input.select()},
    onblur:()=>{if(!finish())show();typed=null},
    onkeydown:e=>{
      if(e.key==='Enter'){e.preventDefault();finish()}
      else if(e.key==='Escape'&&input.value!==typed){e.stopPropagation();input.value=typed??''}
    },
  })
  const time=h('input',{type:'time',name:key+'-time',id:id+'-time','aria-label':label+' time',onchange:()=>{
    const day=value?value.slice(0,10):ctx.today
    commit(time.value?`${day}T${time.value}`:day)
  }})
  const cal=calendar({value,today:ctx.today,label,onPick:iso=>commit(iso+(time.value?'T'+time.value:''))})
  const pop=h('div.date-pop',{hidden:true,id:id+'-pop',onkeydown:e=>{if(e.key==='Escape'){e.stopPropagation();open(false,true)}}},
    cal,h('div.date-pop-row',h('label',{for:time.id},'Time'),time,h('button.btn',{onclick:()=>open(false,true)},'Done')))
  const toggle=h('button.icon-btn',{'aria-label':label+': calendar','aria-expanded':'false','aria-controls':pop.id,onclick:()=>open(pop.hidden)},icon('calendar'))
  const clear=h('button.icon-btn.clear',{'aria-label':'Clear '+label.toLowerCase(),onclick:()=>commit(null)},icon('x'))

  function open(show,refocus){
    pop.hidden=!show
    toggle.setAttribute('aria-expanded',show)
    if(show){cal.setValue(value);cal.focus()}else if(refocus)toggle.focus()
  }
  function show(){
    const focused=document.activeElement===input
    input.value=focused?asText(value):friendly(value,ctx.today)
    if(focused)typed=input.value
    time.value=timeOf(value)||''
    clear.hidden=!value
    cal.setValue(value)
  }
  /** Saves `next`; on failure the typed text stays (the field says why) and Enter retries. */
  async function commit(next){
    if(next===value)return show()
    const t=await ctx.save(key,next)
    if(t){value=t[key]??null;show()}else typed=asText(value)
  }
  function finish(){
    const text=input.value.trim()
    if(typed===null||text===typed)return false
    commit((typed=text)||null)
    return true
  }
  return{
    key,el:row(key,label,id,h('div.date-line',input,clear,toggle),h('span.sr-only',{id:id+'-hint'},'Type a date like friday, next week, +3d or 2026-12-01; Enter saves.'),pop),
    update(task){value=task[key]??null;if(document.activeElement!==input)show()},
    busy:()=>document.activeElement===input&&input.value!==typed,
  }
}
