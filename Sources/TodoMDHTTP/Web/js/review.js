// Review mode (issue 21, /review; OmniFocus' weekly review): the projects due for review (GET /api/review,
// due first), one at a time: name, area, open / available / overdue counts, a warning when it is stalled
// (no available task), its open tasks as rows (the project's list, GET /api/views/areas?project=NAME, in
// its manual order). "Mark reviewed" (POST /api/review/{project}) goes on to the next; "Skip" and
// "Previous" step without marking. Keys: Enter marks reviewed, → / ← next and previous. "All reviewed" at
// the end. The session (which projects, where we are) outlives a visit to a task's detail.
// Loaded on demand with its stylesheet.
import{h,$,icon,replace}from'./dom.js'
import{api,request}from'./api.js'
import{emit}from'./bus.js'
import{href}from'./router.js'
import{taskRow,bindRows,isClosed}from'./row.js'
import{dayLabel}from'./dates.js'
import{onChange}from'./live.js'
import{toast}from'./toast.js'
import{screen}from'./conflicts.js'

// S: {names: projects in review order, i: the one shown, done: those marked, by: name → project, today}
let root=null,body=null,S=null,css=null,seq=0,busy=0
const styles=()=>css||=new Promise(r=>document.head.append(h('link',{rel:'stylesheet',href:'/css/review.css',onload:r,onerror:r})))
const projects=n=>`${n} project${n==1?'':'s'}`

/** The /review screen (a new session unless one is under way). */
export async function renderReview(main){
  await styles()
  if(!root||!main.contains(root)){
    root=screen('review','review','Review',body=h('div.list-body.rv-body',h('p.rv-loading','Loading…')))
    bindRows(body)
    replace(main,root)
    main.scrollTop=0
  }
  return load(true)
}

async function load(fresh){
  const my=++seq
  try{
    const r=await request('GET','/api/review'),list=r.projects||[]
    if(my!=seq||!root?.isConnected)return
    const by=new Map(list.map(p=>[p.project,p])),due=list.filter(p=>p.due).map(p=>p.project),at=S?.names[S.i]
    if(!S||fresh&&S.i>=S.names.length)S={names:due,i:0,done:new Set()}
    else{
      S.names=[...S.names,...due.filter(n=>!S.names.includes(n))].filter(n=>by.has(n))
      if(at)S.i=Math.max(0,S.names.indexOf(at))
    }
    S.by=by
    S.today=r.today
    draw()
  }catch(e){if(my==seq&&root?.isConnected&&!$('.rv-card,.rv-end',body))replace(body,h('div.empty',h('p',e.message)))}
}

const stat=(label,n,cls)=>h('div',{class:['rv-stat',cls]},h('dt',label),h('dd',String(n)))
const btn=(k,text,fn,cls='')=>h('button.btn'+cls,{type:'button',dataset:{k},onclick:fn},text)

function draw(){
  const keep=document.activeElement?.closest?.('.rv-body [data-k]')?.dataset.k,n=S.names.length
  if(S.i>=n){
    const all=[...S.by.values()],left=all.filter(p=>p.due).length,next=all.map(p=>p.next_review).filter(Boolean).sort()[0]
    body.dataset.name=''
    replace(body,h('div.rv-end',{tabindex:'-1'},icon('check'),h('h2.rv-name','All reviewed'),
      h('p',S.done.size?`${projects(S.done.size)} marked reviewed.`:'No project is due for review.',
        left?` ${projects(left)} skipped, still due.`:next?` Next review: ${dayLabel(next,S.today)}.`:''),
      h('div.rv-actions',n>0&&btn('back','Previous',()=>step(-1)),btn('again','Start again',()=>{S=null;load(true)}),h('a.btn.primary',{href:'/next'},'Go to Next'))))
    return $('.rv-end',body).focus({preventScroll:true})
  }
  const name=S.names[S.i],p=S.by.get(name),done=S.done.has(name),rows=h('ul.rows',{role:'list','aria-label':`Open tasks of ${name}`}),old=$('.rows',body)
  // The same project again (a live change): its rows stay until the fresh ones come (no jump).
  if(old&&body.dataset.name==name)rows.append(...old.childNodes)
  body.dataset.name=name
  replace(body,h('article.rv-card',{'aria-labelledby':'rv-name',tabindex:'-1'},
    h('p.rv-step',h('span',`Project ${S.i+1} of ${n}`),h('span.rv-bar',{'aria-hidden':'true'},h('span',{style:{width:`${100*(S.i+1)/n}%`}}))),
    h('h2.rv-name#rv-name',h('a',{href:href('project',name)},name)),
    h('p.rv-meta',p.area&&h('span',icon('area'),p.area),h('span',icon('repeat'),`Every ${p.interval_days} day${p.interval_days==1?'':'s'}`),
      h('span',icon('history'),p.last_reviewed?`Reviewed ${dayLabel(p.last_reviewed,S.today)}`:'Never reviewed')),
    h('dl.rv-counts',stat('Open',p.open),stat('Available',p.available),stat('Overdue',p.overdue,p.overdue>0&&'rv-bad')),
    p.stalled&&h('p.rv-warn',icon('warning'),h('span','Stalled: no available task')),
    h('section.rv-tasks',{'aria-label':'Tasks'},rows),
    h('div.rv-actions',btn('back','Previous',()=>step(-1)),btn('skip','Skip',()=>step(1)),
      btn('mark',done?'Reviewed ✓':'Mark reviewed',mark,'.primary'))))
  $('[data-k=back]',body).disabled=S.i==0
  tasks(name,rows)
  const f=keep&&$(`[data-k=${keep}]`,body)
  ;(f&&!f.disabled?f:$('.rv-card',body)).focus({preventScroll:true})
}

async function tasks(name,ul){
  try{
    const v=await api.view('areas',{project:name,fields:'summary'}),list=[...(v.groups||[]).flatMap(g=>g.tasks),...(v.tasks||[])].filter(t=>!isClosed(t))
    if(!ul.isConnected)return
    replace(ul,list.length?list.map(t=>taskRow(t,{today:v.today||S.today,project:name})):h('li.rv-none','No open tasks.'))
  }catch(e){replace(ul,h('li.rv-none',e.message))}
}

function step(d){
  S.i=Math.max(0,Math.min(S.names.length,S.i+d))
  draw()
  $('#main').scrollTop=0
}

/** Marks the project shown reviewed today, then shows the next. */
async function mark(){
  const name=S.names[S.i]
  if(busy||!name)return
  busy=1
  try{
    S.by.set(name,await request('POST','/api/review/'+encodeURIComponent(name),{body:{}}))
    S.done.add(name)
    toast(`Reviewed “${name}”`)
    emit('tasks-changed',{kind:'reviewed'})
    step(1)
  }catch(e){toast(`Not marked reviewed: ${e.message}`)}
  busy=0
}

// Enter: mark reviewed (not on a control or a row: they have their own), → / ←: next and previous.
document.addEventListener('keydown',e=>{
  const k=e.key,t=e.target
  if(!root?.isConnected||!S||e.defaultPrevented||e.altKey||e.ctrlKey||e.metaKey||e.shiftKey||!$('#detail').hidden||$('#overlays dialog[open], #overlays .menu')
    ||t.closest?.('input,textarea,select,[contenteditable],#sidebar')||!/^(Enter|ArrowRight|ArrowLeft)$/.test(k))return
  if(k=='Enter'){if(t.closest('button,a,summary,.task-row')||S.i>=S.names.length)return;mark()}
  else step(k=='ArrowRight'?1:-1)
  e.preventDefault()
},true)

onChange(()=>root?.isConnected&&load(),300)
