// The calendar (issue 18, /calendar?view=week|month&date=YYYY-MM-DD): tasks on their scheduled (else
// due) day beside the events of the subscribed ICS calendars (GET /api/calendar). Week: a column a day
// with an all-day row and a time grid — timed tasks as blocks as long as their estimate, events
// read-only, the free stretches of the working hours as bands; month: six weeks of day cells; a phone
// shows the week as an agenda. Drag a task to another day (pointer events: mouse, pen, or touch after
// a long press) or press Alt+arrows on it: PATCH of its day field with the version read (a file
// changed since is refused), time of day kept. Loaded on demand with its stylesheet.
import{h,$,$$,icon,replace}from'./dom.js'
import{api,request}from'./api.js'
import{emit}from'./bus.js'
import{navigate,cap}from'./router.js'
import{onChange}from'./live.js'
import{toast}from'./toast.js'
import{addDays,weekday,WEEKDAYS,WEEKDAYS_LONG,MONTHS}from'./dates.js'

// One hour of the time grid in px (--hour in calendar.css).
const HOUR=48
const LONG='January February March April May June July August September October November December'.split(' ')
const phone=matchMedia('(max-width: 700px)')
let S={view:'week',date:null},doc=null,today=null,root=null,seq=0,css=null,dragging=0,queue=Promise.resolve()

const styles=()=>css||=new Promise(r=>document.head.append(h('link',{rel:'stylesheet',href:'/css/calendar.css',onload:r,onerror:r})))
const pad=n=>String(n).padStart(2,'0')
const mins=t=>+t.slice(0,2)*60+ +t.slice(3,5)
const clock=m=>`${pad(Math.floor(m/60))}:${pad(m%60)}`
/** 375 → "6 h 15 m". */
const hm=m=>[Math.floor(m/60)&&Math.floor(m/60)+' h',m%60&&m%60+' m'].filter(Boolean).join(' ')||'0 m'
const num=iso=>iso.split('-').map(Number)
/** "Thu 26 Nov" (long: "Thursday 26 November"). */
const label=(iso,long)=>{const[,m,d]=num(iso);return long?`${WEEKDAYS_LONG[weekday(iso)]} ${d} ${LONG[m-1]}`:`${WEEKDAYS[weekday(iso)]} ${d} ${MONTHS[m-1]}`}
const monday=iso=>addDays(iso,-((weekday(iso)+6)%7))
const monthAdd=(iso,n)=>{let[y,m]=num(iso);m+=n-1;y+=Math.floor(m/12);m=(m%12+12)%12;return`${y}-${pad(m+1)}-01`}
const anchor=()=>S.date||today

/** The days shown: {from, to} (a month: the six weeks from the Monday on or before its first). */
function span(){
  const a=anchor(),f=a&&monday(S.view=='week'?a:a.slice(0,8)+'01')
  return f?{from:f,to:addDays(f,S.view=='week'?6:41)}:{}
}

/** Shows the calendar of route `r` in `main` (kept when it is there already: only the days change). */
export async function renderCalendar(main,r){
  const q=new URL(r?.path||'/calendar',location.origin).searchParams,d=q.get('date')
  S={view:q.get('view')=='month'?'month':'week',date:/^\d{4}-\d\d-\d\d$/.test(d||'')?d:null}
  await styles()
  if(!root||!main.contains(root)){
    root=h('section.cv-view',{dataset:{nav:'calendar'},'aria-labelledby':'cv-title'},h('p.cv-loading','Loading…'))
    root.addEventListener('pointerdown',down)
    root.addEventListener('click',click)
    root.addEventListener('keydown',key)
    replace(main,root)
    main.scrollTop=0
  }
  return load()
}

async function load(){
  const my=++seq
  try{
    let p=span(),d
    if(!p.from){
      d=await request('GET','/api/calendar')
      today=d.today
      p=span()
    }
    if(!d||d.from!=p.from||d.to!=p.to)d=await request('GET','/api/calendar',{params:p})
    if(my!=seq||!root?.isConnected)return
    doc=d;today=d.today
    draw()
  }catch(e){
    if(my!=seq||!root?.isConnected||(doc&&e.status===0))return
    replace(root,h('p.banner.warn',{role:'alert'},icon('warning'),h('span',`The calendar cannot be shown: ${e.message}`)))
  }
}

const go=(view,date)=>navigate(`/calendar?view=${view}&date=${date}`,{replace:true})

// Redraws from `doc`, keeping the focus (a task by id, a tool by data-k) and the grid's scroll.
function draw(){
  if(dragging)return dragging=2
  const a=document.activeElement,k=root.contains(a)&&(a.dataset.k||a.dataset.id),x=$('.cv-scroll',root)?.scrollLeft
  const week=S.view=='week'
  replace(root,header(),bar(),
    h('p.sr-only#cv-kbd','Drag a task to another day, or press Alt+Left or Alt+Right to move it a day, Alt+Up or Alt+Down a week.'),
    week?(phone.matches?agenda():weekGrid()):monthGrid())
  const s=$('.cv-scroll',root)
  if(s&&x)s.scrollLeft=x
  if(k)$$('[data-k],.cv-task',root).find(el=>(el.dataset.k||el.dataset.id)==k)?.focus({preventScroll:true})
}

function header(){
  const week=S.view=='week',a=anchor(),unit=week?'week':'month',{from,to}=span()
  const shift=n=>go(S.view,week?addDays(a,7*n):monthAdd(a,n))
  const[y1,m1,d1]=num(from),[y2,m2,d2]=num(to),[y,m]=num(a)
  const title=!week?`${LONG[m-1]} ${y}`:y1!=y2?`${d1} ${MONTHS[m1-1]} ${y1} – ${d2} ${MONTHS[m2-1]} ${y2}`
    :m1!=m2?`${d1} ${MONTHS[m1-1]} – ${d2} ${MONTHS[m2-1]} ${y2}`:`${d1} – ${d2} ${MONTHS[m2-1]} ${y2}`
  const tool=(k,text,ic,onclick)=>h('button',{type:'button',class:ic?'icon-btn':'btn',dataset:{k},'aria-label':ic&&text,title:ic&&text,onclick},ic?icon(ic):text)
  return h('header.cv-head',
    h('button.back',{'aria-label':'Lists',onclick:()=>navigate('/')},icon('back')),
    h('h1.cv-title#cv-title',title),
    h('div.cv-tools',
      tool('today','Today',null,()=>go(S.view,today)),
      tool('prev','Previous '+unit,'back',()=>shift(-1)),
      tool('next','Next '+unit,'chevron',()=>shift(1)),
      h('div.cv-seg',{role:'group','aria-label':'View'},['week','month'].map(v=>h('button',{type:'button',dataset:{k:v},'aria-pressed':String(S.view==v),
        onclick:()=>go(v,v=='week'&&!week&&a.slice(0,7)==today.slice(0,7)?today:a)},cap(v))))))
}

// The subscribed calendars (and why one shows nothing), and what the colours mean.
function bar(){
  const cals=doc.calendars||[]
  return h('div.cv-bar',
    cals.length?h('ul.cv-subs',{'aria-label':'Subscribed calendars'},cals.map(c=>h('li',{class:['cv-sub',c.error&&'cv-err']},
      icon(c.error?'warning':'calendar'),h('span',c.error?`${c.name}: cannot load: ${c.error}`:`${c.name} · ${c.events} event${c.events==1?'':'s'}`))))
      :h('p.cv-note','Add ICS calendars under "calendars" in .todomd.json to see their events here.'),
    h('div.cv-legend',{'aria-hidden':'true'},[['task','Task'],['due','Due'],['event','Event'],['free','Free']].map(([k,t])=>h('span',{class:'cv-key k-'+k},t))))
}

/** A task: a chip (all day, a month cell, the agenda; `time`: with its time) or a block of the time grid. */
function chip(t,date,{block,time}={}){
  const k=t.task,end=t.time&&clock(Math.min(1440,mins(t.time)+(t.minutes||30)))
  const el=h('button',{type:'button',class:['cv-task',block?'cv-block':'cv-chip','cv-'+t.field,/done|cancelled/.test(k.status)&&'cv-done'],
    dataset:{id:k.id,date},'aria-describedby':'cv-kbd',title:`${t.field=='due'?'Due: ':''}${k.title}${t.time?` · ${t.time}–${end}`:''}${k.project?' · '+k.project:''}`},
    time&&t.time&&h('span.cv-time',t.time),h('span.cv-t',k.title),block&&h('span.cv-at',`${t.time}–${end}`),
    h('span.sr-only',`, ${t.field=='due'?'due':'scheduled'} ${label(date,1)}`))
  el.entry=t
  return el
}

/** An event of a subscribed calendar (read-only). */
function event(e,date,{block,time}={}){
  const at=e.all_day?'all day':`${e.start.slice(11,16)}–${e.end?.slice(0,10)==date?e.end.slice(11,16):'…'}`
  return h('div',{class:['cv-event',block?'cv-block':'cv-chip'],title:`${e.title} · ${e.calendar} · ${at}${e.location?' · '+e.location:''}`},
    time&&!e.all_day&&h('span.cv-time',e.start.slice(11,16)),h('span.cv-t',e.title),block&&h('span.cv-at',`${at} · ${e.calendar}`))
}

/** A day's heading: weekday, date (today marked), free and planned time. */
function dayHead(d,tag='div'){
  const isToday=d.date==doc.today
  return h(tag,{class:['cv-dh',isToday&&'cv-today',!d.work_day&&'cv-off'],dataset:{date:d.date,slot:'head'}},
    h('span.cv-wd',WEEKDAYS[weekday(d.date)]),h('span.cv-dn',{'aria-current':isToday?'date':null},String(num(d.date)[2])),
    h('span.sr-only',` ${LONG[num(d.date)[1]-1]}`),
    h('span.cv-fm',d.work_day||d.free_minutes?'Free '+hm(d.free_minutes):'Day off'),
    d.planned_minutes>0&&h('span.cv-pm',hm(d.planned_minutes)+' planned'))
}

// A day's timed items ({s, e} minutes of the day; an event running over midnight is cut at it).
function timed(d){
  const out=[]
  for(const t of d.tasks)if(t.time){const s=mins(t.time);out.push({s,e:Math.min(1440,s+(t.minutes||30)),t})}
  for(const e of d.events)if(!e.all_day&&e.start.length>10){
    const s=e.start.slice(0,10)<d.date?0:mins(e.start.slice(11)),end=!e.end?s+30:e.end.slice(0,10)>d.date?1440:mins(e.end.slice(11))
    out.push({s,e:Math.max(end,s+15),ev:e})
  }
  out.sort((a,b)=>a.s-b.s||b.e-a.e)
  // Side by side where they overlap: lane i of n.
  let group=[],lanes=[],end=-1
  const flush=()=>{for(const x of group)x.n=lanes.length;group=[];lanes=[]}
  for(const x of out){
    if(x.s>=end)flush()
    let i=lanes.findIndex(l=>l<=x.s)
    if(i<0)i=lanes.length
    lanes[i]=x.e;x.i=i;group.push(x);end=Math.max(end,x.e)
  }
  flush()
  return out
}

const pos=(s,e,h0)=>({top:(s-h0*60)*HOUR/60+'px',height:Math.max(12,(e-s)*HOUR/60-2)+'px'})

function weekGrid(){
  const days=doc.days,wh=doc.work_hours||{start:'09:00',end:'17:00'},items=days.map(timed)
  let lo=mins(wh.start),hi=mins(wh.end)
  for(const x of items.flat()){lo=Math.min(lo,x.s);hi=Math.max(hi,x.e)}
  const h0=Math.floor(lo/60),h1=Math.max(Math.ceil(hi/60),h0+1),hours=[...Array(h1-h0).keys()].map(i=>h0+i)
  const allDay=d=>[d.events.filter(e=>e.all_day).map(e=>event(e,d.date)),d.tasks.filter(t=>!t.time).map(t=>chip(t,d.date))]
  return h('div.cv-scroll',{role:'region','aria-label':'Week',tabindex:0},h('div.cv-week',{style:{'--hours':h1-h0}},
    h('div.cv-corner'),days.map(d=>dayHead(d)),
    h('div.cv-gut.cv-adl','All day'),days.map(d=>h('div.cv-allday',{dataset:{date:d.date,slot:'allday'}},allDay(d))),
    h('div.cv-gut.cv-hours',{'aria-hidden':'true'},hours.map(n=>h('span',{style:{top:(n-h0)*HOUR+'px'}},clock(n*60)))),
    days.map((d,i)=>h('div.cv-col',{dataset:{date:d.date,slot:'grid'}},
      d.free.map(f=>{const s=mins(f.start),e=mins(f.end),t=`Free ${f.start}–${f.end}`
        return h('div',{class:['cv-free',e-s<30&&'cv-short'],title:t,style:pos(s,e,h0)},h('span',t))}),
      items[i].map(x=>{
        const el=x.t?chip(x.t,d.date,{block:1}):event(x.ev,d.date,{block:1})
        for(const[k,v]of Object.entries({...pos(x.s,x.e,h0),'--i':x.i,'--n':x.n}))el.style.setProperty(k,v)
        if(x.e-x.s<45)el.classList.add('cv-short')
        return el
      })))))
}

// A day's items as a list: all-day events, tasks without a time, then the timed ones in order.
const ordered=d=>[...d.events.filter(e=>e.all_day).map(e=>event(e,d.date)),...d.tasks.filter(t=>!t.time).map(t=>chip(t,d.date)),
  ...timed(d).map(x=>x.t?chip(x.t,d.date,{time:1}):event(x.ev,d.date,{time:1}))]

/** A phone's week: the days one after another, each with its all-day items, then the timed ones in order. */
function agenda(){
  return h('div.cv-agenda',doc.days.map(d=>h('section',{class:['cv-aday',d.date==doc.today&&'cv-today'],dataset:{date:d.date,slot:'agenda'},'aria-label':label(d.date,1)},
    dayHead(d,'h2'),
    d.free.length>0&&h('p.cv-afree',icon('clock'),'Free ',d.free.map(f=>`${f.start}–${f.end}`).join(', ')),
    ordered(d),
    !d.tasks.length&&!d.events.length&&h('p.cv-empty','Nothing planned'))))
}

function monthGrid(){
  const m=anchor().slice(0,7)
  return h('div.cv-month',WEEKDAYS_LONG.slice(1).concat('Sunday').map(w=>h('div.cv-mwd',{title:w},w.slice(0,3))),
    doc.days.map(d=>{
      const items=ordered(d),more=items.length-3
      items.slice(3).forEach(x=>x.hidden=true)
      return h('div',{class:['cv-cell',d.date.slice(0,7)!=m&&'cv-out',d.date==doc.today&&'cv-today'],dataset:{date:d.date,slot:'cell'}},
        h('button.cv-dn',{type:'button','aria-label':`${label(d.date,1)}: show the week`,'aria-current':d.date==doc.today?'date':null,onclick:()=>go('week',d.date)},String(num(d.date)[2])),
        items,more>0&&h('button.cv-more',{type:'button',onclick:e=>{items.forEach(x=>x.hidden=false);e.target.remove();items[3].focus?.()}},`+${more} more`))
    }))
}

// Tasks open on click (not after a drag); events do nothing.
let dragged=false
function click(e){
  const c=e.target.closest('.cv-task')
  if(c&&!dragged)emit('open-task',c.dataset.id)
}

function key(e){
  const c=e.target.closest?.('.cv-task'),n={ArrowLeft:-1,ArrowRight:1,ArrowUp:-7,ArrowDown:7}[e.key]
  if(!c||!n||!e.altKey||e.ctrlKey||e.metaKey)return
  e.preventDefault()
  move(c,addDays(c.dataset.date,n),true)
}

// While a touch drags, the page must not scroll.
addEventListener('touchmove',e=>dragging&&e.preventDefault(),{passive:false})

// Drag: past 5 px (a touch: after holding still 350 ms) a ghost follows the pointer and the day under it lights up.
function down(e){
  const c=e.target.closest('.cv-task')
  if(!c||e.button)return
  const x0=e.clientX,y0=e.clientY,touch=e.pointerType=='touch'
  let ready=!touch,g=null,over=null,r
  const hold=touch&&setTimeout(()=>{ready=true;c.classList.add('cv-lifted');navigator.vibrate?.(10)},350)
  const light=d=>{
    if(d==over)return
    over=d
    $$('.cv-over',root).forEach(x=>x.classList.remove('cv-over'))
    if(d)$$(`[data-date="${d}"]`,root).forEach(x=>x.classList.add('cv-over'))
  }
  const mv=ev=>{
    const dx=ev.clientX-x0,dy=ev.clientY-y0
    if(!g){
      if(Math.hypot(dx,dy)<=5)return
      if(!ready)return end()
      dragging=1;r=c.getBoundingClientRect()
      g=c.cloneNode(true)
      g.classList.add('cv-ghost')
      g.setAttribute('aria-hidden','true')
      for(const[k,v]of Object.entries({top:'0px',left:'0px',width:r.width+'px',height:r.height+'px'}))g.style.setProperty(k,v)
      document.body.append(g)
      c.classList.add('cv-lifted')
    }
    g.style.transform=`translate(${r.left+dx}px,${r.top+dy}px)`
    light(document.elementFromPoint(ev.clientX,ev.clientY)?.closest('.cv-view [data-date]')?.dataset.date||null)
  }
  const end=ev=>{
    clearTimeout(hold)
    removeEventListener('pointermove',mv)
    removeEventListener('pointerup',end)
    removeEventListener('pointercancel',end)
    const to=over,again=dragging==2
    light(null)
    c.classList.remove('cv-lifted')
    dragging=0
    if(!g)return
    g.remove()
    dragged=true
    setTimeout(()=>dragged=false)
    if(ev?.type=='pointerup'&&to&&to!=c.dataset.date)move(c,to)
    else if(again)draw()
  }
  addEventListener('pointermove',mv)
  addEventListener('pointerup',end)
  addEventListener('pointercancel',end)
}

/** Moves task chip `c` to day `date`: shown there at once, then written (one move at a time, each with the version the last one left). */
function move(c,date,kb){
  const t=c.entry,slot=c.parentElement?.dataset.slot,dest=$(`[data-slot="${slot}"][data-date="${date}"]`,root)
  c.dataset.date=date
  if(dest){
    dest.querySelector('.cv-more')?dest.querySelector('.cv-more').before(c):dest.append(c)
    if(kb)c.focus({preventScroll:true})
  }
  queue=queue.then(async()=>{
    const k=t.task,old=k[t.field]||'',value=date+old.slice(10)
    try{
      t.task=(await api.patch(k.id,{[t.field]:value},k.version))?.task||k
      toast(`Moved to ${label(date)}`,{undo:true})
      emit('tasks-changed',{ids:[k.id],kind:'modified'})
      const{from,to}=span()
      if(kb&&(date<from||date>to))go(S.view,date)
    }catch(e){
      toast(e.code=='edit_conflict'||e.status==409||e.status==412?`Not moved: “${k.title}” changed elsewhere; the calendar now shows it as it is.`:`Not moved: ${e.message}`)
      load()
    }
  })
}

onChange(()=>root?.isConnected&&load(),120)
