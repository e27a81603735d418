// Toasts: bus 'toast' ({message, undo?}). Undo calls POST /api/undo and refreshes.
import{on,emit}from'./bus.js'
import{h,$,icon}from'./dom.js'
import{api}from'./api.js'

/** Shows a toast; `undo`: an Undo button; `link`: [href, text], a link (e.g. ['/quarantine', 'Review']). */
export function toast(message,{undo=false,timeout=5000,link}={}){
  const box=$('#toasts')
  if(!box)return
  const close=()=>{el.classList.add('leaving');setTimeout(()=>el.remove(),250)}
  const el=h('div.toast',{role:'status'},
    h('span.toast-text',message),
    undo&&h('button.undo',{onclick:()=>{close();undoLast()}},'Undo'),
    link&&h('a.undo',{href:link[0],onclick:close},link[1]),
    h('button.toast-close',{'aria-label':'Dismiss',onclick:close},icon('x')))
  while(box.children.length>2)box.firstChild.remove()
  box.append(el)
  setTimeout(close,timeout)
  return el
}

/** Undoes the last write (POST /api/undo), refreshes and says what was undone. */
export async function undoLast(){
  try{
    const r=await api.undo()
    emit('tasks-changed',{kind:'undo'})
    toast(r?.undone?.summary?`Undone: ${r.undone.summary}`:'Undone')
  }catch(e){toast(e.status==404||e.status==409?'Nothing to undo':e.message)}
}

on('toast',d=>toast(d.message,d))
