// Boot: theme, sidebar, router, live events, keys; routes to lists, the detail, settings, builder.
import{on,emit}from'./bus.js'
import{$,icon,clear}from'./dom.js'
import{start,navigate,route,listRoute,closeTask,BUILTIN}from'./router.js'
import{initSidebar,refreshSidebar}from'./sidebar.js'
import{showList,currentPrefill}from'./list.js'
import{initLive}from'./live.js'
import{loadTheme}from'./theme.js'
import{renderConflicts}from'./conflicts.js'

loadTheme().catch(e=>console.warn('theme',e))
// The app shell opens offline (sw.js caches it; the API is never cached).
if('serviceWorker'in navigator)navigator.serviceWorker.register('/sw.js').catch(e=>console.warn('sw',e))

const phone=matchMedia('(max-width: 700px)')
let detail=null

// A list, or a screen of its own kept under the detail as lists are: the sync conflicts, the quarantine.
// The calendar keeps its page while its week or month changes, the review its project (each clears #main itself when it is not there).
const SCREENS={conflicts:renderConflicts,quarantine:async m=>(await import('./quarantine.js')).renderQuarantine(m),
  calendar:async(m,r)=>(await import('./calendar.js')).renderCalendar(m,r),review:async m=>(await import('./review.js')).renderReview(m)}
const showMain=r=>SCREENS[r.kind]?SCREENS[r.kind](/^(calendar|review)$/.test(r.kind)?$('#main'):clear($('#main')),r):showList(r)

async function show(r){
  const k=r.kind,home=k=='home'&&phone.matches,main=()=>clear($('#main'))
  document.body.dataset.screen=home?'sidebar':k=='task'?'detail':'main'
  if(k!='task')detail?.closeDetail?.()
  try{
    if(k=='task'){
      if(!$('#main .list-view,#main .cv-view'))showMain(listRoute()||{kind:'home',name:'',nav:''});
      (detail||=await import('./detail.js')).openDetail(r.name)
    }else if(k=='settings')(await import('./settings.js')).renderSettings(main())
    else if(k=='transfer')(await import('./transfer.js')).renderTransfer(main())
    else if(k=='builder'){
      const builtin=BUILTIN.includes(r.name)&&r.name!='trash';
      (await import('./builder.js')).renderBuilder(main(),{id:r.name||null,readonly:builtin,builtin})
    }else if(!home)await showMain(r)
  }catch(e){console.warn('route',r.path,e)}
}

const fab=$('#fab'),detailEl=$('#detail')
fab.append(icon('plus'))
fab.onclick=()=>emit('quick-entry',{})
on('quick-entry',async(d={})=>{
  try{(await import('./quickentry.js')).openQuickEntry({...currentPrefill(),...d.prefill})}catch(e){console.warn(e)}
})
on('open-task',id=>navigate('/task/'+encodeURIComponent(id)))
on('route',show)
// The detail pane closing itself (its close button) returns to the list.
new MutationObserver(()=>detailEl.hidden&&route().kind=='task'&&closeTask()).observe(detailEl,{attributeFilter:['hidden']})
phone.onchange=()=>show(route())
initSidebar()
// Off the first paint's path: keys, the palette (and menu, gestures: list.js).
import('./keys.js').then(m=>m.initKeys())
import('./palette.js')
start()
refreshSidebar()
initLive()
