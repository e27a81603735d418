// URLs ⇄ routes (History API). `todomd://show/today` maps to /today, /project/NAME, /task/ID.
import{emit}from'./bus.js'

export const BUILTIN=['inbox','today','upcoming','anytime','next','someday','flagged','logbook','trash']
const KINDS=['area','project','tag','perspective','list','task','builder','settings','conflicts','quarantine','transfer','calendar','review']
/** "today" → "Today". */
export const cap=s=>s[0].toUpperCase()+s.slice(1)

/** A route from a path: {kind, name, path, nav}; kind: home|view|saved|area|project|tag|perspective|list|task|search|settings|builder|conflicts|quarantine|transfer|calendar|review. */
export function parse(pathname,search='',hash=''){
  let parts
  try{parts=pathname.split('/').filter(Boolean).map(decodeURIComponent)}catch{parts=[]}
  const[head='',...rest]=parts,name=rest.join('/')
  const r=!head?{kind:'home',name:''}
    :BUILTIN.includes(head)?{kind:'view',name:head}
    :head=='search'?{kind:head,name:new URLSearchParams(search).get('q')||''}
    :head=='view'?{kind:'saved',name}
    :KINDS.includes(head)?{kind:head,name:head=='task'?name+hash:name}
    :{kind:'view',name:'today'}
  // data-nav of the sidebar entry: the path without its leading slash ("project/Meal Prep").
  r.nav=r.kind=='view'?r.name:r.kind=='home'?'':(r.kind=='saved'?'view':r.kind)+(r.name?'/'+r.name:'')
  r.path=pathname+(r.kind=='search'||r.kind=='calendar'?search:'')
  return r
}

/** The URL of a route: href('project', 'Meal Prep') → "/project/Meal%20Prep" (tag paths keep their slashes). */
export function href(kind,name=''){
  if(kind=='view')return'/'+name
  if(kind=='search')return'/search?q='+encodeURIComponent(name)
  const seg=kind=='tag'?name.split('/').map(encodeURIComponent).join('/'):encodeURIComponent(name)
  return`/${kind=='saved'?'view':kind}${name?'/'+seg:''}`
}

const here=()=>parse(location.pathname,location.search,location.hash)
let current=here(),lastList=current.kind=='task'?null:current
export const route=()=>current
/** The list route behind the detail (or null). */
export const listRoute=()=>lastList

function set(r){
  current=r
  if(!['task','settings','builder'].includes(r.kind))lastList=r
  emit('route',r)
}

/** Goes to a URL (pushState) and announces the route. */
export function navigate(path,{replace}={}){
  const u=new URL(path,location.origin)
  if(replace||u.pathname+u.search!=location.pathname+location.search)history[replace?'replaceState':'pushState'](null,'',u.pathname+u.search+u.hash)
  set(parse(u.pathname,u.search,u.hash))
}

/** Leaves the detail: back to the list it was opened over. */
export const closeTask=()=>navigate(lastList?lastList.path:'/')

export function start(){
  addEventListener('popstate',()=>set(here()))
  // Same-origin links inside the app navigate without a reload (not to the capture app: a page of its own).
  document.addEventListener('click',e=>{
    const a=e.target.closest('a[href^="/"]'),to=a?.getAttribute('href')
    if(!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||a.target||a.hasAttribute('download')||/^\/(api\/|login|capture)/.test(to))return
    e.preventDefault()
    navigate(to)
  })
  set(current)
}
