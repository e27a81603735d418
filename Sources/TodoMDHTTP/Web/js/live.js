// Live: follows /api/events (added|modified|removed|problem|alert|held|conflict|reload|reminder) and
// re-announces them on the bus; shows the offline banner (and marks lists stale) until the server
// answers again; the rate alert as a banner naming its sources; files the quarantine holds as one
// notice linking to /quarantine (a burst: one notice); a token screen on 401.
import{h,$,icon}from'./dom.js'
import{api}from'./api.js'
import{on,emit}from'./bus.js'
import{toast}from'./toast.js'

let es=null,retry=0,offline=false,held=0,note=null,wait=0

/** A burst of new files ({total, window_seconds, sources: [{source, count}]}) in words. */
export const burstText=a=>`${a.total??'Many'} new files arrived within ${a.window_seconds??60} s from ${(a.sources||[]).map(s=>`${s.source} (${s.count})`).join(', ')||'unknown sources'}.`

// Held files: one notice, counting on while it shows (none on /quarantine, which shows them).
function heldNotice(){
  if(note&&!note.isConnected)held=0
  held++
  clearTimeout(wait)
  wait=setTimeout(()=>{
    note?.remove()
    note=location.pathname!='/quarantine'&&toast(`${held} new file${held>1?'s':''} held for review`,{link:['/quarantine','Review'],timeout:8000})
    if(!note)held=0
  },300)
}

/** Calls fn (debounced by ms) after writes here, live events and reconnects. */
export function onChange(fn,ms){
  let t=0
  const soon=()=>{clearTimeout(t);t=setTimeout(fn,ms)}
  on('tasks-changed',soon)
  on('live',e=>e.kind!='alert'&&soon())
  on('online',soon)
}

function banner(id,text,dismiss=true){
  $('#banner-'+id)?.remove()
  const el=h('div.banner.warn#banner-'+id,h('span',text),
    dismiss&&h('button.icon-btn',{'aria-label':'Dismiss',onclick:()=>el.remove()},icon('x')))
  $('#banners').append(el)
}

/** A reminder firing (issue 18): a banner that opens the task, and a browser notification when
 * allowed (the banner offers to ask, as browsers only ask after a click). */
function remind(r){
  banner('reminder','')
  const el=$('#banner-reminder')
  el.classList.replace('warn','info')
  el.replaceChild(h('button.banner-link',{type:'button',onclick:()=>{el.remove();emit('open-task',r.task)}},`${r.title} — ${r.message}`),el.firstChild)
  const N=window.Notification
  if(N?.permission=='granted'){
    const n=new N(r.title,{body:r.message,tag:r.task+'|'+r.kind})
    n.onclick=()=>{focus();emit('open-task',r.task)}
  }else if(N?.permission=='default'){
    el.insertBefore(h('button.btn',{type:'button',onclick:e=>{N.requestPermission();e.target.remove()}},'Notify me here'),el.lastChild)
  }
}

function setOffline(v){
  if(offline==v)return
  offline=v
  if(v){banner('offline','Offline — retrying…',false);$('#main')?.classList.add('stale')}
  else{$('#banner-offline')?.remove();emit('tasks-changed',{kind:'reconnect'})}
}

function connect(){
  es?.close()
  es=new EventSource('/api/events')
  // data-live says the stream is open (tests wait for it before writing files).
  es.onopen=()=>{retry=0;setOffline(false);document.documentElement.dataset.live='open'}
  es.onerror=()=>{
    setOffline(true)
    if(es.readyState==EventSource.CLOSED){
      // Refused (401?) or gone: ask once what is wrong, then retry with backoff.
      api.overview().then(()=>setOffline(false),()=>{})
      setTimeout(connect,Math.min(15000,1000*2**retry++))
    }
  }
  for(const kind of'added modified removed problem alert held conflict reload reminder'.split(' ')){
    es.addEventListener(kind,ev=>{
      let data=null
      // Bad JSON: data stays null.
      try{data=JSON.parse(ev.data)}catch{}
      if(kind=='alert'&&data)banner('alert',burstText(data)+' Check they are expected.')
      if(kind=='held')heldNotice()
      if(kind=='reminder'&&data?.reminder)remind(data.reminder)
      emit('live',{kind,data})
    })
  }
}

function tokenScreen(){
  if($('#token-screen'))return
  const input=h('input',{name:'token',type:'password',autocomplete:'current-password',required:true,'aria-label':'Access token'})
  $('#overlays').append(h('div#token-screen.token-screen',{role:'dialog','aria-modal':'true','aria-labelledby':'token-title'},
    h('form.token-card',{onsubmit:e=>{e.preventDefault();location.href='/login?token='+encodeURIComponent(input.value.trim())}},
      h('h1#token-title','This todo.md needs its token'),
      h('p','Run “todomd token” on the computer serving your tasks, then paste the token here or scan its QR code.'),
      input,h('button.btn.primary','Open'))))
  input.focus()
}

export function initLive(){
  connect()
  // A page kept in the back/forward cache must not keep its event stream: six of them would take
  // every connection the browser allows this server. Reconnect (and catch up) when it returns.
  addEventListener('pagehide',()=>{es?.close();es=null})
  addEventListener('pageshow',e=>{if(e.persisted){connect();emit('tasks-changed',{kind:'reconnect'})}})
  on('offline',()=>setOffline(true))
  on('online',()=>setOffline(false))
  on('unauthorized',tokenScreen)
  // While offline, poke the server now and then (EventSource retries too).
  setInterval(()=>offline&&api.overview().catch(()=>{}),5000)
}
