// The capture app (/capture, spec 002): a Markdown text field focused at once, a toolbar above the
// keyboard (formatting, task markers, smart paste, save), the draft kept 30 seconds after leaving,
// and an outbox that sends every saved text to the server's inbox queue, however long it takes.
import{MARKERS,wrap,checklist,heading,setMarker,smartPaste,bookmarkAt}from'./capture/edit.js'
import{now,dayOf,draft,setDraft,outbox,enqueue,send,call,hooks}from'./capture/store.js'
import{h}from'./capture/h.js'

const $=s=>document.querySelector(s)
const ta=$('#cap-text'),cap=$('#cap'),bar=$('.cap-bar'),note=$('#cap-status')
const btn=k=>bar.querySelector(`[data-k=${k}]`)
ta.focus({preventScroll:true})

// Stays above the on-screen keyboard: the page is as tall as the visual viewport.
const vv=self.visualViewport
const fit=()=>{cap.style.setProperty('--vvh',vv.height+'px');cap.style.setProperty('--vvt',vv.offsetTop+'px')}
if(vv){vv.addEventListener('resize',fit);vv.addEventListener('scroll',fit);fit()}

let quiet
/** A short status line (announced). */
function say(text,keep){
  clearTimeout(quiet)
  note.textContent=text
  if(!keep)quiet=setTimeout(()=>{note.textContent=''},2500)
}

// ---- Editing

const state=()=>({text:ta.value,start:ta.selectionStart,end:ta.selectionEnd})

/** Shows a state: only the changed stretch is replaced (with insertText, so undo keeps working). */
function apply(next){
  const cur=ta.value,t=next.text
  let a=0,b=0
  while(a<cur.length&&a<t.length&&cur[a]===t[a])a++
  while(b<cur.length-a&&b<t.length-a&&cur[cur.length-1-b]===t[t.length-1-b])b++
  ta.focus({preventScroll:true})
  const ins=t.slice(a,t.length-b)
  if(ins||a<cur.length-b){
    ta.setSelectionRange(a,cur.length-b)
    let ok=false
    try{ok=document.execCommand(ins?'insertText':'delete',false,ins)}catch{/* not supported */}
    if(!ok||ta.value!==t)ta.value=t
  }
  ta.setSelectionRange(next.start,next.end)
  edited()
}

let at=draft()?.at||now()
/** Keeps the draft (text and selection) in localStorage. */
function keep(){
  setDraft(ta.value&&{text:ta.value,start:ta.selectionStart,end:ta.selectionEnd,at,hidden:0})
}
function edited(){
  at=now()
  keep()
  sync()
}
// The Paste button works on a bookmark placeholder line only.
const sync=()=>{btn('paste').disabled=!bookmarkAt(ta.value,ta.selectionStart)}

ta.addEventListener('input',edited)
const moved=()=>{if(document.activeElement===ta){sync();if(ta.value)keep()}}
document.addEventListener('selectionchange',moved)
ta.addEventListener('keyup',moved)
ta.addEventListener('pointerup',moved)

async function paste(){
  const st=state()
  let clip=self.__captureClipboard
  if(clip==null){
    try{clip=await navigator.clipboard.readText()}catch{return say('The clipboard cannot be read here: paste with the keyboard.')}
  }
  apply(smartPaste(st,clip))
}

function save(){
  const text=ta.value
  ta.focus({preventScroll:true})
  if(!text.trim())return say('Nothing to save yet.')
  enqueue(text,dayOf(now()))
  ta.value=''
  setDraft(null)
  sync()
  badge()
  say('Saved')
  send().then(e=>{if(e&&!e.status)say('Saved on this device: it is sent when the server can be reached.')})
}

const ACTIONS={
  bold:()=>apply(wrap(state(),'**')),
  italic:()=>apply(wrap(state(),'*')),
  check:()=>apply(checklist(state())),
  heading:()=>apply(heading(state())),
  type:()=>toggleMenu(),
  paste,save,
  queue:()=>import('./capture/sheet.js').then(m=>m.openSheet(ta,count)),
}
// A tap on a tool keeps the focus (and the keyboard) in the text.
bar.addEventListener('pointerdown',e=>{if(e.target.closest('button'))e.preventDefault()})
bar.addEventListener('click',e=>{const b=e.target.closest('button[data-k]');if(b&&!b.disabled)ACTIONS[b.dataset.k]()})
ta.addEventListener('keydown',e=>{
  const mod=e.ctrlKey||e.metaKey
  if(mod&&e.key=='Enter')save()
  else if(mod&&!e.shiftKey&&!e.altKey&&(e.key=='b'||e.key=='i'))ACTIONS[e.key=='b'?'bold':'italic']()
  else return
  e.preventDefault()
})

// ---- The task-type menu

let markers=MARKERS,menu=null,onServer=0
function toggleMenu(){
  if(menu)return closeMenu()
  const tb=btn('type'),items=[]
  menu=h('div.cap-menu',{id:'cap-menu',role:'menu','aria-label':'Task type'},markers.groups.map(g=>
    h('div.cap-group',{role:'group','aria-label':g.name},h('div.cap-gname',{'aria-hidden':'true'},g.name),
      h('div.cap-items',g.markers.map(m=>{
        const it=h('button.cap-item',{type:'button',role:'menuitem',tabindex:-1,'aria-label':m.name,title:`[${m.char}] ${m.name}`,
          onclick:()=>{closeMenu();apply(setMarker(state(),m.char))}},h('span.cap-ic',{'aria-hidden':'true'},m.icon),h('span.cap-iname',{'aria-hidden':'true'},m.name))
        items.push(it)
        return it
      })))))
  menu.addEventListener('keydown',e=>{
    const i=items.indexOf(document.activeElement),n=items.length
    const to={ArrowRight:i+1,ArrowLeft:i-1,Home:0,End:n-1,ArrowDown:row(i,1),ArrowUp:row(i,-1)}[e.key]
    if(to!=null)items[(to+n)%n].focus()
    else if(e.key=='Escape'){closeMenu();ta.focus()}
    else if(e.key=='Tab')closeMenu()
    else return
    e.preventDefault()
  })
  // Up and Down: the item nearest above or below in the grid (from the last row, the first).
  const row=(i,dir)=>{
    const box=el=>el.getBoundingClientRect(),c=box(items[i]),dy=r=>(r.top-c.top)*dir
    const rows=items.map((el,j)=>[j,box(el)]).filter(([,r])=>dy(r)>1)
    if(!rows.length)return dir>0?0:items.length-1
    const near=Math.min(...rows.map(([,r])=>dy(r)))
    return rows.filter(([,r])=>dy(r)-near<2).sort(([,a],[,b])=>Math.abs(a.left-c.left)-Math.abs(b.left-c.left))[0][0]
  }
  menu.addEventListener('pointerdown',e=>e.preventDefault())
  bar.before(menu)
  tb.setAttribute('aria-expanded','true')
  tb.setAttribute('aria-controls','cap-menu')
  items[0].focus()
}
function closeMenu(){
  if(!menu)return
  menu.remove()
  menu=null
  btn('type').setAttribute('aria-expanded','false')
  btn('type').removeAttribute('aria-controls')
}
document.addEventListener('pointerdown',e=>{if(menu&&!menu.contains(e.target)&&!btn('type').contains(e.target))closeMenu()})
document.addEventListener('focusin',e=>{if(menu&&!menu.contains(e.target))closeMenu()})

// ---- The draft across leaving (spec 002 §2): back within 30 s, it is as it was; later, it is queued.

const KEEP=30000
function leave(){
  if(!ta.value)return setDraft(null)
  keep()
  const d=draft()
  d.hidden=now()
  setDraft(d)
}
/** On a load or a return: restores a recent draft, queues an older one. */
function back(load){
  const d=draft()
  if(!d)return
  if(now()-(d.hidden||d.at)>KEEP){
    enqueue(d.text,dayOf(d.at))
    setDraft(null)
    if(!load||ta.value===d.text)ta.value=''
    else if(ta.value){at=now();keep()}
    say('Your earlier text is in the queue.')
    send()
    badge()
  }else{
    if(load&&ta.value){
      // Text typed before this module ran goes in at the draft's cursor.
      const typed=ta.value,p=d.end+typed.length
      ta.value=d.text.slice(0,d.end)+typed+d.text.slice(d.end)
      ta.setSelectionRange(p,p)
    }else if(load||ta.value!==d.text){
      ta.value=d.text
      ta.setSelectionRange(d.start,d.end)
    }
    d.hidden=0
    setDraft(d)
  }
  sync()
  ta.focus({preventScroll:true})
}
document.addEventListener('visibilitychange',()=>document.visibilityState=='hidden'?leave():back(false))
addEventListener('pagehide',leave)
addEventListener('pageshow',e=>{if(e.persisted)back(false)})
back(true)
sync()

// ---- The queue count and the outbox's sending

/** The badge: entries not pushed (the outbox's and the server's). */
function badge(){
  const n=outbox().length+onServer,q=btn('queue')
  q.querySelector('.cap-badge').textContent=n>99?'99+':String(n)
  q.querySelector('.cap-badge').hidden=!n
  q.setAttribute('aria-label',`Queue, ${n} not pushed`)
}
async function count(){
  try{onServer=(await call('GET','/api/inbox/count')).unsynced||0}catch{/* offline: the last count */}
  badge()
}
hooks.change=count
hooks.auth=()=>{$('#cap-auth').hidden=false}
badge()
addEventListener('online',()=>send())
setInterval(()=>{if(outbox().length)send()},30000)
if(outbox().length)send();else count()
call('GET','/api/markers').then(m=>{if(m?.groups?.length)markers=m}).catch(()=>{})
// The service worker (the app's): this page opens offline; it refreshes this page's files for the next launch.
if('serviceWorker'in navigator)setTimeout(()=>{
  navigator.serviceWorker.register('/sw.js').catch(()=>{})
  navigator.serviceWorker.controller?.postMessage('refresh-capture')
},1000)
cap.dataset.ready='1'
