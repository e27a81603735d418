// Lists: fetches a view document and renders its groups (Today's four, Upcoming by day with a
// two-week strip, Logbook by completion day), typed lists as list or cards, the trash. Big views
// go to vlist.js in pages. Live changes refetch and patch rows by data-id, keeping the scroll.
import{h,$,$$,icon,replace}from'./dom.js'
import{api}from'./api.js'
import{on}from'./bus.js'
import{navigate,href,cap}from'./router.js'
import{dayHeading,addDays,weekday,WEEKDAYS}from'./dates.js'
import{taskRow,bindRows,select,selectedRow,selectedTaskId,changed}from'./row.js'
import{vlist}from'./vlist.js'
import{overview,plural}from'./sidebar.js'
import{toast}from'./toast.js'
import{onChange}from'./live.js'

// Rows fetched at once; more than this → virtualised pages.
const FIRST=300
// What a new task in a built-in list starts with; these lists also keep a manual order.
const PREFILL={inbox:{},today:{scheduled:'today'},anytime:{},someday:{status:'someday'},flagged:{flagged:true}}
const EMPTY={inbox:'Inbox zero. Nice.',today:'Nothing left for today.',upcoming:'Nothing planned ahead.',flagged:'No flagged tasks.',trash:'The Trash is empty.',logbook:'Nothing completed yet.',next:'No next actions.'}
const cache=new Map()
let cur=null,seq=0,lastToday=new Date(Date.now()-new Date().getTimezoneOffset()*60000).toISOString().slice(0,10)

/** Whether search text is a query ("tag:work & due<7d") rather than words. */
export const isQuery=q=>/[:&|!<>=()]/.test(q)

// Where a route's list comes from: {key, title, icon, view + params | load, order, prefill, builder, …}.
function sourceFor(r){
  const n=r.name,ov=overview(),key=r.nav
  const view=(view,o)=>({key,view,params:{},icon:'list',...o})
  switch(r.kind){
    case'area':return view('areas',{title:n,icon:'area',params:{area:n},order:'area:'+n,prefill:{area:n}})
    case'project':{
      const area=ov?.areas?.find(a=>a.projects.some(p=>p.project==n))?.area
      return view('areas',{title:n,icon:'project',params:{project:n},order:'project:'+n,prefill:{project:n,area},project:n})
    }
    case'tag':return view('anytime',{title:'#'+n,icon:'tag',params:{tag:n},prefill:{tags:[n]}})
    case'perspective':case'saved':{
      const v=ov?.views?.find(x=>x.id==n)
      return view(n,{title:v?.name||n,icon:'perspective',builder:r.kind=='perspective'&&n,color:v?.color})
    }
    case'list':{
      const t=ov?.types?.find(x=>x.type==n)
      return{key,title:plural(t?.name||n),icon:'book',style:t?.display_style,load:()=>api.items(n)}
    }
    case'search':return{key:r.path,title:`“${n}”`,icon:'search',load:()=>isQuery(n)?api.query({query:n}):api.search(n,{limit:200})}
  }
  // home: Today
  const v=r.kind=='view'?n:'today'
  return v=='trash'?{key:v,title:'Trash',icon:v,nav:v,trash:true,load:api.trash}
    :view(v,{key:v,title:cap(v),icon:v,nav:v,order:PREFILL[v]&&v,prefill:PREFILL[v],builder:!/logbook|next/.test(v)&&v})
}

const load=(src,extra)=>src.load?src.load():api.view(src.view,{...src.params,...extra})
// first.js may have started this request already (taken once, by the first list shown).
const fetchDoc=(src,f=self.firstLoad,x=src.view&&{fields:'summary',limit:FIRST})=>(self.firstLoad=0,f?.url==`/api/views/${encodeURIComponent(src.view)}?`+new URLSearchParams({...src.params,...x})?f.promise.then(j=>j||load(src,x)):load(src,x))

// Any answer (view, search hits, query, items, trash) as {today, name, groups, items, style, paged}.
function norm(raw,src){
  if(raw.today)lastToday=raw.today
  const doc={today:raw.today||lastToday,name:raw.name,
    groups:raw.hits?[{tasks:raw.hits.map(x=>x.task)}]:raw.groups||[{tasks:raw.tasks||[]}]}
  if(raw.items?.length){doc.items=raw.items;doc.style=raw.display_style||src.style||'list'}
  const have=doc.groups.reduce((n,g)=>n+g.tasks.length,0)
  doc.paged=!!src.view&&(raw.total??raw.count??have)>have
  return doc
}

/** Shows the list of a route: the cached document at once, then the fresh one. */
export async function showList(r){
  // The request first: the shell renders while it travels.
  const src=sourceFor(r),pending=fetchDoc(src),main=$('#main')
  if(cur?.src.key!=src.key||!main.contains(cur.el)){
    cur?.vl?.destroy()
    cur={src,route:r,...shell(src,main)}
    main.scrollTop=0
    const cached=cache.get(src.key)
    if(cached)renderDoc(cached)
  }
  return refresh(pending)
}

/** Refetches the current list (live changes, writes) and patches it in place. */
export async function refresh(pending){
  if(!cur)return
  const my=++seq,c=cur,cls=$('#main').classList
  try{
    const doc=norm(await(pending||fetchDoc(c.src)),c.src)
    if(my!=seq||c!=cur)return
    cache.set(c.src.key,doc)
    renderDoc(doc)
    // Tests: a list painted from fresh data.
    performance.mark('todomd:list')
    cls.remove('stale')
  }catch(e){
    if(my!=seq||c!=cur)return
    if(e.status===0)cls.add('stale')
    else if(!c.body.firstChild)replace(c.body,h('div.empty',h('p',e.message)))
  }
}

function shell(src,main){
  const body=h('div.list-body'),strip=h('div.strip-slot'),title=h('h1.list-title',src.title)
  const el=h('section',{class:['list-view','v-'+(src.view||src.key.split('/')[0])],dataset:{nav:src.nav||src.key}},
    h('header.list-header',
      h('button.back',{'aria-label':'Lists',onclick:()=>navigate('/')},icon('back')),
      h('span.head-icon',{style:{'--item-color':src.color}},icon(src.icon)),title,
      h('div.list-actions',
        src.builder&&h('a.icon-btn',{href:href('builder',src.builder),'aria-label':'Open in the perspective builder',title:'How this list works'},icon('perspective')),
        src.trash&&h('button.btn',{onclick:emptyTrash},'Empty Trash'))),
    strip,body,src.prefill&&h('div.new-task-slot'))
  replace(main,el)
  bindRows(body)
  import('./gestures.js').then(m=>m.bindGestures(body,()=>!cur?.vl&&cur?.src.order))
  if(src.prefill)import('./quickentry.js').then(m=>m.inlineEntry&&$('.new-task-slot',el)?.append(m.inlineEntry(src.prefill))).catch(()=>{})
  return{el,body,strip,title}
}

async function emptyTrash(){
  if(await(await import('./menu.js')).confirmDialog('Delete everything in the Trash for good?','Empty Trash')){
    try{await api.emptyTrash();changed('removed')}catch(e){toast(e.message)}
  }
}

// The groups to show: Logbook by completion day, Upcoming by day, a project's list without group titles.
function arrange(doc,src){
  const{today}=doc,v=src.view
  if(v=='logbook'){
    const by=new Map()
    for(const t of doc.groups.flatMap(g=>g.tasks)){
      const d=(t.completed||t.modified||'').slice(0,10);
      (by.get(d)||by.set(d,[]).get(d)).push(t)
    }
    return[...by].map(([d,tasks])=>({title:d?dayHeading(d,today):'Earlier',tasks}))
  }
  return doc.groups.map(g=>({...g,
    title:v=='upcoming'&&g.date?dayHeading(g.date,today):v=='areas'?!src.project&&g.project:g.name,
    action:g.name=='Overdue'&&v=='today'&&h('button.group-action',{onclick:()=>rescheduleOverdue(g.tasks)},'Reschedule all to Today')}))
}

async function rescheduleOverdue(tasks){
  try{
    await api.batch(tasks.map(t=>({id:t.id,action:'set',fields:{due:'today'},version:t.version})),'Reschedule overdue to today')
    changed('modified')
    toast(`${tasks.length} task${tasks.length>1?'s':''} moved to today`,{undo:true})
  }catch(e){toast(e.message)}
}

function renderDoc(doc){
  const{src,body}=cur,main=$('#main'),top=main.scrollTop
  const ctx={today:doc.today,project:src.project,trash:src.trash}
  if(doc.name&&src.builder)cur.title.textContent=cur.name=doc.name
  if(src.view=='upcoming')renderStrip(doc)
  if(doc.paged){
    if(cur.vl)return cur.vl.update(doc)
    const host=h('ul.rows',{role:'list'})
    replace(body,host)
    cur.vl=vlist(host,{doc,scroller:main,row:t=>taskRow(t,ctx),
      header:g=>h('li.group-head',{role:'presentation'},/^\d{4}-/.test(g.name)?dayHeading(g.name,doc.today):g.name),
      fetchPage:async(offset,limit)=>norm(await load(src,{fields:'summary',offset,limit}),src)})
    return
  }
  cur.vl?.destroy()
  cur.vl=null
  // Rows whose task did not change (or that are being renamed) stay as they are.
  const old=new Map($$('.task-row',body).map(li=>[li.dataset.id,li]))
  const parts=arrange(doc,src).filter(g=>g.tasks.length).map(g=>h('section.group',g.date&&{dataset:{date:g.date}},
    g.title&&h('h2.group-title',h('span',g.title),g.action),
    h('ul.rows',{role:'list'},g.tasks.map(t=>{
      const li=old.get(t.id)
      return li&&(li.dataset.version==(t.version||'')||li.querySelector('.title-edit'))?li:taskRow(t,g.project?{...ctx,project:g.project}:ctx)
    }))))
  if(doc.items)parts.push(renderItems(doc))
  replace(body,parts.length?parts:h('div.empty',icon(src.icon),h('p',EMPTY[src.view||src.key]||'Nothing here.')))
  main.scrollTop=top
}

function renderItems(doc){
  const fields=it=>Object.entries(it.fields||{}).filter(([k,v])=>k!='title'&&k!='tags'&&v!=null&&typeof v!='object')
  const tags=it=>(it.tags||[]).slice(0,3).map(t=>h('span.tag',t))
  const warn=it=>it.warnings?.length>0&&h('span.problem',{title:it.warnings.join('\n')},icon('warning'))
  const body=it=>it.body.trim()
  return doc.style=='card'
    ?h('div.cards',doc.items.map(it=>h('article.card',{dataset:{path:it.path}},
      h('h3.card-title',it.title,warn(it)),
      h('dl.card-fields',fields(it).slice(0,4).map(([k,v])=>[h('dt',k.replace(/_/g,' ')),h('dd',String(v))])),
      body(it)&&h('p.card-body',body(it).slice(0,180)),
      h('div.card-tags',tags(it)))))
    :h('ul.rows.items',{role:'list'},doc.items.map(it=>h('li.item-row',{dataset:{path:it.path}},
      h('div.row-text',h('div.title-line',h('span.title',it.title),warn(it)),h('div.desc',fields(it).map(([,v])=>v).join(' · '))),
      h('div.meta',tags(it)))))
}

function renderStrip(doc){
  const counts=new Map(doc.groups.map(g=>[g.date,g.total??g.tasks.length]))
  replace(cur.strip,h('nav.strip',{'aria-label':'Next two weeks'},Array.from({length:14},(_,i)=>{
    const d=addDays(doc.today,i+1),n=counts.get(d)
    return h('button',{class:['strip-day',weekday(d)%6==0&&'weekend',n&&'busy'],'aria-label':`${dayHeading(d,doc.today)}: ${n||0} tasks`,
      onclick:()=>$$('.group[data-date]',cur.body).find(s=>s.dataset.date>=d)?.scrollIntoView({behavior:'smooth',block:'start'})},
    h('span.wd',WEEKDAYS[weekday(d)].slice(0,2)),h('span.dn',+d.slice(8)),h('span.dot',n||''))
  })))
}

/** Moves the selection by `d` rows (j/k, arrows). */
export function moveSelection(d){
  if(!cur)return
  const vl=cur.vl,rows=vl||$$('.task-row:not(.leaving)',cur.body)
  const n=vl?vl.count():rows.length,i=vl?vl.indexOf(selectedTaskId()):rows.indexOf(selectedRow())
  const j=i<0?(d>0||vl?0:n-1):Math.max(0,Math.min(n-1,i+d))
  const li=vl?vl.reveal(j):rows[j]
  if(li)select(li)
}

/** What a new task in the current list starts with (project, area, tags, scheduled). */
export const currentPrefill=()=>cur?.src.prefill||{}

onChange(refresh,80)
on('overview',()=>{if(cur&&!cur.name)cur.title.textContent=sourceFor(cur.route).title})
on('offline',()=>$('#main')?.classList.add('stale'))
