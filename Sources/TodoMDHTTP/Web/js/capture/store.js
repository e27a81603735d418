// What the capture app keeps: the draft and the outbox in localStorage (text is never only in
// memory), and its way to the API (the main app's api.js behaviour, without its imports).

/** The time (ms); tests set window.__captureNow to move it. */
export const now=()=>self.__captureNow?self.__captureNow():Date.now()

/** YYYY-MM-DD of a time, in local time. */
export const dayOf=t=>{const d=new Date(t);return`${d.getFullYear()}-${String(d.getMonth()+1).padStart(2,'0')}-${String(d.getDate()).padStart(2,'0')}`}

const DRAFT='todomd.capture.draft',OUTBOX='todomd.capture.outbox'
const read=(k,d)=>{try{return JSON.parse(localStorage.getItem(k))??d}catch{return d}}
const write=(k,v)=>{try{v==null?localStorage.removeItem(k):localStorage.setItem(k,JSON.stringify(v))}catch{/* private mode: memory only */}}

/** The draft: {text, start, end, at (last edit), hidden (when the page was left, or 0)}. */
export const draft=()=>read(DRAFT,null)
export const setDraft=d=>write(DRAFT,d&&d.text?d:null)

/** Entries not yet accepted by the server: [{id, content, target_date, created}], oldest first. */
export const outbox=()=>read(OUTBOX,[])
const setOutbox=list=>write(OUTBOX,list.length?list:null)

// A client id the server's POST is idempotent on ([A-Za-z0-9_-]{8,64}); randomUUID needs a secure context.
const newId=()=>crypto.randomUUID?.()||[...crypto.getRandomValues(new Uint8Array(16))].map(b=>b.toString(16).padStart(2,'0')).join('')

/** Adds an entry to the outbox (then send() it). */
export function enqueue(content,date=dayOf(now())){
  const e={id:newId(),content,target_date:date,created:new Date(now()).toISOString()}
  setOutbox([...outbox(),e])
  return e
}

/** Drops an entry from the outbox (sent, or deleted by the user). */
export const unqueue=id=>setOutbox(outbox().filter(e=>e.id!==id))

/** Hooks: 'auth' (the server wants its token), 'change' (the outbox or the server's queue changed). */
export const hooks={auth(){},change(){}}

/** One API call: parsed JSON, or throws an Error with `status` (0: unreachable) and the API's message. */
export async function call(method,path,body){
  const headers={Accept:'application/json'}
  if(body!==undefined)headers['Content-Type']='application/json'
  let res
  try{
    res=await fetch(path,{method,headers,credentials:'same-origin',cache:'no-store',body:body===undefined?undefined:JSON.stringify(body)})
  }catch{
    throw Object.assign(new Error('The todo.md server cannot be reached; your text is kept here.'),{status:0})
  }
  const text=await res.text()
  let json=null
  try{json=text?JSON.parse(text):null}catch{/* not JSON */}
  if(!res.ok){
    if(res.status===401)hooks.auth()
    throw Object.assign(new Error(json?.error?.message||text||res.statusText),{status:res.status,code:json?.error?.code})
  }
  return json
}

let sending=null
/** Sends the outbox, oldest first; an entry leaves it only once the server answered 2xx (resending
 * is safe: the POST is idempotent on the id). Resolves to the last error, or null. */
export function send(){
  sending??=(async()=>{
    let err=null,e
    const tried=new Set()
    // Entries queued while this runs are sent in the same round.
    while((e=outbox().find(o=>!tried.has(o.id)))){
      tried.add(e.id)
      try{
        await call('POST','/api/inbox',{id:e.id,content:e.content,target_date:e.target_date,source:'web',created:e.created})
        unqueue(e.id)
      }catch(x){
        err=x
        if(!x.status||x.status===401)break
        // Refused: kept (never lost), with the reason, shown in the queue.
        setOutbox(outbox().map(o=>o.id===e.id?{...o,error:x.message}:o))
      }
    }
    return err
  })().finally(()=>{sending=null;hooks.change()})
  return sending
}
