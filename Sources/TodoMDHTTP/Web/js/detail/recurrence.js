// Repeat builder: never / daily / weekly on days / monthly on a day or the nth weekday / yearly,
// every N; any RRULE or phrase in the text field (custom); the mode (recurrence_type); the rule
// in words and its next dates, as the server computes them.
import{h,replace}from'../dom.js'
import{dayLabel,WEEKDAYS_LONG}from'../dates.js'
import{row,options}from'./ui.js'

const DAYS=['MO','TU','WE','TH','FR','SA','SU']
const dayName=c=>WEEKDAYS_LONG[(DAYS.indexOf(c)+1)%7]
const UNITS={DAILY:'day',WEEKLY:'week',MONTHLY:'month',YEARLY:'year'}
// Never, Daily, Weekly, Monthly, Yearly, Custom
const FREQS=[['','Never'],...Object.keys(UNITS).map(k=>[k,k[0]+k.slice(1).toLowerCase()]),['CUSTOM','Custom']]
const MODES=[['every','Repeat every (fixed schedule)'],['defer-another','Defer another (after completion)'],['due-again','Due again (after completion)']]
// Monthly: on day N, or on the first … fourth / last weekday
const MONTHLY=[['day','on day'],...['first','second','third','fourth','last'].map((w,i)=>[i<4?String(i+1):'-1','on the '+w])]

/** An RRULE → builder state, or null when only the text field can show it. */
export function parseRule(rule){
  const s={freq:'',interval:1,days:[],monthday:null,nth:null,nthDay:'MO'},p={}
  if(!rule)return s
  for(const part of rule.replace(/^RRULE:/i,'').split(';')){const[k,v='']=part.split('=');p[k.toUpperCase()]=v}
  if(!UNITS[p.FREQ]||Object.keys(p).some(k=>!/^(FREQ|INTERVAL|BYDAY|BYMONTHDAY)$/.test(k)))return null
  s.freq=p.FREQ
  s.interval=Number(p.INTERVAL||1)
  const by=p.BYDAY?p.BYDAY.split(','):[]
  const m=by.length===1&&by[0].match(/^(-?[1-4])([A-Z]{2})$/)
  if(s.freq==='WEEKLY'&&by.every(d=>DAYS.includes(d)))s.days=by
  else if(s.freq==='MONTHLY'&&m&&!p.BYMONTHDAY)[,s.nth,s.nthDay]=m
  else if(by.length)return null
  if(p.BYMONTHDAY){if(s.freq!=='MONTHLY'||!/^-?\d+$/.test(p.BYMONTHDAY))return null;s.monthday=Number(p.BYMONTHDAY)}
  return s
}

/** Builder state → RRULE (null: no repeat). */
export function buildRule(s){
  if(!s.freq)return null
  let r=`FREQ=${s.freq}`+(s.interval>1?`;INTERVAL=${s.interval}`:'')
  if(s.freq==='WEEKLY'&&s.days.length)r+=`;BYDAY=${DAYS.filter(d => s.days.includes(d)).join(',')}`
  if(s.freq==='MONTHLY')r+=s.nth?`;BYDAY=${s.nth}${s.nthDay}`:s.monthday?`;BYMONTHDAY=${s.monthday}`:''
  return r
}

export function recurrenceField(ctx){
  let task={},state=parseRule(null),custom=false
  const sel=(name,label,opts,onchange)=>h('select',{name,id:'detail-'+name,'aria-label':label,onchange},options(opts))
  const num=(name,label,max,onchange)=>h('input',{type:'number',min:'1',max,name,id:'detail-'+name,'aria-label':label,inputmode:'numeric',onchange})
  const apply=change=>{Object.assign(state,change);save(buildRule(state))}
  const freq=sel('recurrence-freq','Repeats',FREQS,()=>{
    custom=freq.value==='CUSTOM'
    if(custom){draw();text.focus()}else apply({freq:freq.value,interval:1,days:[],monthday:null,nth:null})
  })
  const interval=num('recurrence-interval','Every how many','999',()=>apply({interval:Math.max(1,Number(interval.value)||1)}))
  const unit=h('span')
  const days=h('fieldset.weekdays',h('legend.sr-only','On these days'),DAYS.map(code=>h('label.day-toggle',
    h('input',{type:'checkbox',name:'recurrence-day',value:code,'aria-label':dayName(code),onchange:()=>apply({days:[...days.querySelectorAll(':checked')].map(b=>b.value)})}),
    h('span',{'aria-hidden':'true'},dayName(code).slice(0,2)))))
  const mday=num('recurrence-monthday','Day of the month','31',()=>apply({monthday:Number(mday.value)||null,nth:null}))
  const nthDay=sel('recurrence-weekday','Weekday',DAYS.map(c=>[c,dayName(c)]),()=>apply({nthDay:nthDay.value}))
  const monthMode=sel('recurrence-monthly','Monthly on',MONTHLY,
    ()=>apply(monthMode.value==='day'?{nth:null,monthday:Number(mday.value)||null}:{nth:monthMode.value,nthDay:nthDay.value,monthday:null}))
  const text=h('input#detail-recurrence.rec-text',{type:'text',name:'recurrence',autocomplete:'off',spellcheck:'false','aria-label':'Rule (RRULE or words)',
    placeholder:'FREQ=WEEKLY;BYDAY=MO or “every 2 weeks”',onchange:()=>save(text.value.trim()||null)})
  const mode=sel('recurrence_type','Repeat mode',MODES,async()=>got(await ctx.save('recurrence_type',mode.value==='every'?null:mode.value)))
  const words=h('p.rec-words',{'aria-live':'polite'})
  const next=h('ul.rec-next',{'aria-label':'Next dates'})
  const every=h('div.rec-every',h('label',{for:interval.id},'every'),interval,unit)
  const monthly=h('div.rec-monthly',monthMode,mday,nthDay)

  async function save(rule){
    if(rule===(task.recurrence||null))return draw()
    got(await ctx.save('recurrence',rule))
  }
  function got(t){if(t){task=t;custom&&=!!t.recurrence}draw()}
  function draw(){
    const parsed=parseRule(task.recurrence)
    const off=custom||!parsed; // only the text field can show it
    if(!off)state=parsed
    freq.value=off?'CUSTOM':state.freq
    interval.value=state.interval
    unit.textContent=UNITS[state.freq]+(state.interval>1?'s':'')
    every.hidden=off||!state.freq
    days.hidden=off||state.freq!=='WEEKLY'
    for(const b of days.querySelectorAll('input'))b.checked=state.days.includes(b.value)
    monthly.hidden=off||state.freq!=='MONTHLY'
    monthMode.value=state.nth||'day'
    mday.hidden=!!state.nth
    mday.value=state.monthday||''
    nthDay.hidden=!state.nth
    nthDay.value=state.nthDay
    if(document.activeElement!==text)text.value=task.recurrence||''
    mode.value=task.recurrence_type||'every'
    mode.hidden=!task.recurrence
    words.textContent=task.recurrence?task.recurrence_text||task.recurrence:''
    const n=(task.next_occurrences||[]).slice(0,5)
    replace(next,n[0]&&['Next:',...n.map(d=>dayLabel(d,ctx.today))].map(x=>h('li',x)))
  }

  return{
    key:'recurrence',keys:['recurrence','recurrence_type'],el:row('recurrence','Repeat',freq.id,h('div.rec',freq,every,days,monthly,text,mode,words,next)),
    update(t){task=t;draw()},
    busy:()=>document.activeElement===text&&text.value.trim()!==(task.recurrence||''),
  }
}
