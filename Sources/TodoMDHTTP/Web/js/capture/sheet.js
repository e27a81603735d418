// The queue sheet (loaded on demand): what is waiting to go to the daily notes, with Push all and,
// per entry, Make task, Classify, Change day and Delete. Texts are shown as text.
import{h}from'./h.js'
import{call,outbox,unqueue,send,hooks}from'./store.js'

let dlg=null

const plural=(n,one,many)=>`${n} ${n==1?one:many}`

/** Opens the sheet; `back` gets the focus when it closes, `badge()` redraws the count. */
export async function openSheet(back,badge){
  if(dlg)return
  const list=h('ul.cap-list'),msg=h('p.cap-msg',{role:'status','aria-live':'polite'})
  const push=h('button.cap-btn.cap-save',{type:'button',onclick:()=>run(pushAll)},'Push all')
  dlg=h('dialog.cap-sheet',{'aria-labelledby':'cap-sheet-title'},
    h('div.cap-sheet-head',h('h2',{id:'cap-sheet-title'},'Queue'),push,
      h('button.cap-btn',{type:'button',onclick:()=>dlg.close()},'Close')),
    msg,list)
  let mode='file'
  const say=(...lines)=>msg.replaceChildren(...lines.map(l=>h('span',null,l)))

  // Runs an action, then shows the queue as it is now; errors are shown as text.
  async function run(fn){
    try{await fn()}catch(e){say(e.message)}
    await load()
    badge()
  }

  async function pushAll(){
    const err=await send()
    if(err&&outbox().length)say(`${plural(outbox().length,'entry is','entries are')} not sent yet: ${err.message}`)
    if(mode=='uri'){
      const{uris=[]}=await call('POST','/api/inbox/push-uri',{})
      if(!uris.length)return say('Nothing to push.')
      // Obsidian's Actions URI appends the first day's entries (tests watch window.__captureOpen).
      return self.__captureOpen?self.__captureOpen(uris[0].uri):location.assign(uris[0].uri)
    }
    const r=await call('POST','/api/inbox/push',{})
    const lines=(r.pushed||[]).map(p=>`${plural(p.entries.length,'entry','entries')} → ${p.note}`)
      .concat((r.failed||[]).map(f=>`Not pushed to ${f.note}: ${f.error}`),r.problems||[])
    say(...(lines.length?lines:['Nothing to push.']))
  }

  const act=(label,fn,cls)=>h('button.cap-btn'+(cls||''),{type:'button',onclick:()=>run(fn)},label)

  function entry(e,local){
    const day=h('input',{type:'date',value:e.target_date||'','aria-label':'Day',disabled:local,
      onchange:()=>day.value&&run(()=>call('PATCH',`/api/inbox/${encodeURIComponent(e.id)}`,{target_date:day.value,version:e.version}))})
    return h('li.cap-entry',{'data-id':e.id},
      h('p.cap-etext',null,e.content),
      (local||e.error)&&h('p.cap-eerr',null,local?`Not sent yet${e.error?': '+e.error:''}`:e.error),
      h('div.cap-eacts',h('label.cap-day',null,day),
        !local&&act('Make task',async()=>{
          const r=await call('POST',`/api/inbox/${encodeURIComponent(e.id)}/convert`,{to:'task'})
          say(`Task made: ${r?.task?.task?.title||r?.task?.task?.id||''}`)
        }),
        !local&&act('Classify',async()=>{
          const r=await call('POST',`/api/inbox/${encodeURIComponent(e.id)}/convert`,{to:'item'})
          say(`Filed: ${r?.item?.title||r?.item?.saved||''}`)
        }),
        !local&&act('Copy prompt',async()=>{
          // Spec 003 "Copy LLM prompt": the extraction prompt for this text, for your own model.
          const r=await call('POST',`/api/inbox/${encodeURIComponent(e.id)}/prompt`,{})
          try{await navigator.clipboard.writeText(r.prompt);say(`Prompt for a ${r.type} copied.`)}catch{say(r.prompt)}
        }),
        act('Delete',async()=>{
          if(local)unqueue(e.id)
          else await call('DELETE',`/api/inbox/${encodeURIComponent(e.id)}`)
          say('Deleted.')
        },'.cap-danger')))
  }

  async function load(){
    const mine=outbox()
    let r={entries:[]}
    try{r=await call('GET','/api/inbox')}catch(e){say(e.message)}
    mode=r.push_mode||'file'
    if(r.problems?.length)say(...r.problems)
    const sent=new Set(r.entries.map(e=>e.id))
    const items=[...mine.filter(e=>!sent.has(e.id)).map(e=>entry(e,true)),...r.entries.map(e=>entry(e,false))]
    list.replaceChildren(...(items.length?items:[h('li.cap-empty',null,'Nothing waiting: everything is pushed.')]))
    push.disabled=!items.length
    if(r.daily_note)push.title=`Append to ${r.daily_note} (each entry to its day's note)`
  }

  dlg.addEventListener('close',()=>{dlg.remove();dlg=null;hooks.change();back.focus()})
  document.body.append(dlg)
  dlg.showModal()
  await load()
}
