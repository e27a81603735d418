// A modal sheet in #overlays: scrim, focus kept inside (Tab wraps), Escape or a scrim click
// closes, focus goes back where it was. Slides up with a spring unless motion is reduced.
import{h,reducedMotion}from'../dom.js'

const FOCUSABLE='button:not([disabled]), input:not([disabled]), select, textarea, a[href], [tabindex="0"]'

/** sheet({label, id, cls, onClose}) → {panel, close()}; put content in `panel`. */
export function sheet({label,id,cls,onClose}){
  const back=document.activeElement
  const panel=h('div',{id,class:['sheet',cls],role:'dialog','aria-modal':'true','aria-label':label,tabindex:'-1'})
  const wrap=h('div.sheet-wrap',{onkeydown:e=>{
    if(e.key==='Escape'){e.preventDefault();e.stopPropagation();return close()}
    if(e.key!=='Tab')return
    const f=[...panel.querySelectorAll(FOCUSABLE)].filter(x=>x.offsetParent),[first,last]=[f[0],f.at(-1)]
    if(first&&document.activeElement===(e.shiftKey?first:last)){e.preventDefault();(e.shiftKey?last:first).focus()}
  }},h('div.scrim',{onclick:()=>close()}),panel)
  let closed
  function close(){
    if(closed)return
    closed=true
    onClose?.()
    wrap.classList.remove('open')
    const done=()=>wrap.remove()
    if(reducedMotion())done();else{panel.addEventListener('transitionend',done,{once:true});setTimeout(done,400)}
    if(back?.isConnected)back.focus?.()
  }
  (document.getElementById('overlays')||document.body).append(wrap)
  const open=()=>wrap.classList.add('open')
  if(reducedMotion())open();else requestAnimationFrame(()=>requestAnimationFrame(open))
  return{panel,close}
}

/** A confirmation sheet → Promise<boolean>. */
export const confirmSheet=(message,okLabel='Delete')=>new Promise(resolve=>{
  let answer=false
  const s=sheet({label:message,cls:'confirm',onClose:()=>resolve(answer)})
  const ok=h('button.btn.danger',{onclick:()=>{answer=true;s.close()}},okLabel)
  s.panel.append(h('p.confirm-text',message),h('div.sheet-actions',h('button.btn',{onclick:()=>s.close()},'Cancel'),ok))
  ok.focus()
});
