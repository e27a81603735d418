// The sidebar: built-in views, areas with projects, the tag tree, perspectives and saved views,
// typed lists, settings. Counts come from GET /api/overview and follow live changes.
import{h,$,$$,icon,replace}from'./dom.js'
import{api,request}from'./api.js'
import{on,emit}from'./bus.js'
import{href,route,listRoute,BUILTIN,cap}from'./router.js'
import{onChange}from'./live.js'
import{conflicts}from'./conflicts.js'

const NO_COUNT=['logbook','upcoming','anytime','someday']
// Perspective icons (SF Symbol names in .perspectives.json) → ours.
const ICONS={tray:'inbox',inbox:'inbox',star:'today',calendar:'upcoming',flag:'flagged',archivebox:'someday',book:'book',tag:'tag',list:'list',eye:'perspective',clock:'clock',checkmark:'logbook'}
// What dropping a task on a built-in list sets.
const DROPS={inbox:{area:null,project:null},today:{scheduled:'today'},someday:{status:'someday'},flagged:{flagged:true}}

let ov=null,capN=0,revN=0
/** The last /api/overview document (areas, projects, tags, views, types). */
export const overview=()=>ov

const state=JSON.parse(localStorage.getItem('todomd.sidebar')||'{}')
export const plural=n=>n.replace(/^(\S+)/,w=>/s$/i.test(w)?w:/[^aeiou]y$/i.test(w)?w.slice(0,-1)+'ies':w+'s')

// A sidebar entry; `drop(task)` gives the fields a task dropped on it gets.
function item(kind,name,label,ic,count,drop,cls,color){
  const a=h('a',{href:href(kind,name),class:['nav-item',cls],dataset:{nav:kind=='view'?name:`${kind=='saved'?'view':kind}/${name}`},
    style:{'--item-color':/^#[0-9a-f]{3,8}$/i.test(color)?color:null}},
  icon(ic),h('span.label',label),h('span.count',count?String(count):''))
  a.drop=drop
  return a
}

// An entry with children behind a disclosure button (open state kept in localStorage).
function group(key,open,head,children){
  open=state[key]??open
  return h('li',{class:['nav-node',open&&'open']},
    h('div.nav-row',children.length?h('button.disclosure',{
      'aria-expanded':String(open),'aria-label':`Show contents of ${head.querySelector('.label').textContent}`,
      onclick:e=>{
        const b=e.currentTarget,now=state[key]=b.closest('.nav-node').classList.toggle('open')
        b.setAttribute('aria-expanded',now)
        localStorage.setItem('todomd.sidebar',JSON.stringify(state))
      },
    },icon('chevron')):h('span.disclosure-space'),head),
    children.length>0&&h('ul.nav-children',children))
}

const tagNode=t=>group('tag:'+t.tag,false,
  item('tag',t.tag,t.name,'tag',t.total??t.count,task=>({tags:[...new Set([...task.tags||[],t.tag])]})),
  (t.children||[]).map(tagNode))

const section=(title,items)=>items.length>0&&h('section.nav-section',{'aria-label':title},h('h2.nav-heading',title),h('ul.nav-list',items))
const gap=()=>h('li.nav-gap',{'aria-hidden':'true'})
const li=(...a)=>h('li',item(...a))

function render(){
  const el=$('#sidebar'),top=$('.sidebar-scroll',el)?.scrollTop??0,focused=document.activeElement?.closest?.('#sidebar [data-nav]')?.dataset.nav
  const{views=[],areas=[],types=[],tags=[]}=ov||{}
  const built=BUILTIN.map(id=>li('view',id,cap(id),id,
    id=='trash'?ov?.trash:!NO_COUNT.includes(id)&&views.find(v=>v.id==id)?.count,DROPS[id]&&(()=>DROPS[id]),id=='today'&&ov?.overdue&&'has-overdue'))
  // Sync conflicts and files held for review (the quarantine): entries only while there are any.
  const n=conflicts().length,q=ov?.quarantine
  replace(el,
    h('div.sidebar-head',h('button.quick-find',{onclick:()=>emit('palette')},icon('search'),h('span','Quick Find'),h('kbd','⌘K'))),
    h('div.sidebar-scroll',
      h('ul.nav-list.builtin',built[0],gap(),built.slice(1,3),
        h('li',h('a.nav-item',{href:'/calendar',dataset:{nav:'calendar'},style:{'--item-color':'var(--accent)'}},icon('calendar-view'),h('span.label','Calendar'),h('span.count',''))),
        built.slice(3,7),li('view','review','Review','review',revN),gap(),built.slice(7),(n>0||q>0)&&[gap(),n>0&&li('view','conflicts','Conflicts','conflict',n),q>0&&li('view','quarantine','Quarantine','shield',q)]),
      // Areas with their projects, then projects without an area (tasks with neither are the Inbox).
      section('Areas',areas.map(a=>{
        const ps=a.projects.map(p=>li('project',p.project,p.project,'project',p.count,()=>({area:a.area,project:p.project})))
        return a.area==null?ps:group('area:'+a.area,true,item('area',a.area,a.area,'area',a.count,()=>({area:a.area,project:null})),ps)
      }).flat()),
      section('Perspectives',views.filter(v=>v.kind!='builtin').map(v=>li(v.kind=='saved'?'saved':'perspective',v.id,v.name,
        ICONS[v.icon]||'perspective',v.count,null,'custom',v.color))),
      section('Lists',types.filter(t=>t.type!='todo').map(t=>li('list',t.type,plural(t.name),'book',t.items))),
      section('Tags',tags.map(tagNode))),
    h('div.sidebar-foot',h('a.nav-item',{href:'/capture',dataset:{nav:'capture'}},icon('note'),h('span.label','Capture'),h('span.count',capN||'')),
      h('a.nav-item',{href:'/settings',dataset:{nav:'settings'}},icon('settings'),h('span.label','Settings')),
      h('a.nav-item',{href:'/transfer',dataset:{nav:'transfer'}},icon('transfer'),h('span.label','Import & export'))))
  $('.sidebar-scroll',el).scrollTop=top
  markActive()
  if(focused)$(`[data-nav="${CSS.escape(focused)}"]`,el)?.focus({preventScroll:true})
}

/** Marks the entry of the current list (aria-current=page). */
export function markActive(){
  const r=['task','builder'].includes(route().kind)?listRoute():route()
  const nav=!r||r.kind=='home'?'today':r.nav
  for(const a of $$('#sidebar .nav-item'))a.ariaCurrent=a.dataset.nav==nav?'page':null
}

export async function refreshSidebar(){
  // Offline: live.js says so; keep the last counts.
  const f=self.firstOv
  self.firstOv=0
  // The capture queue's count (GET /api/inbox/count): entries not pushed to the daily notes yet.
  // The projects due for review (GET /api/review).
  const c=request('GET','/api/inbox/count').catch(()=>0),r=request('GET','/api/review').catch(()=>0)
  try{ov=await f||await api.overview();capN=(await c)?.unsynced;revN=(await r)?.projects?.filter(p=>p.due).length;render();emit('overview',ov)}catch{}
}

/** The sidebar entry under a point that accepts a dropped task (its `drop(task)` gives the fields), or null. */
export function dropTarget(x,y){
  const a=document.elementFromPoint(x,y)?.closest('#sidebar .nav-item')
  return a?.drop?a:null
}

/** Renders the sidebar; call refreshSidebar() for the counts (after the first list request, which matters more). */
export function initSidebar(){
  // Contained: scrolling a long list must not re-walk thousands of entries here (long frames).
  render()
  onChange(refreshSidebar,500)
  on('route',markActive)
  on('conflicts',render)
}
