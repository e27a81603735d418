// Small pieces the detail modules share.
import{h}from'../dom.js'

/** A field row: <div.dfield data-field=key><label for=id>label</label><div.dfield-body>controls…</div></div>.
 *  Without `id` (a group of radios with its own legend) the label is a span screen readers skip. */
export const row=(key,label,id,...controls)=>h('div.dfield',{dataset:{field:key}},
  h(id?'label.dfield-label':'span.dfield-label',{for:id,'aria-hidden':!id&&'true'},label),h('div.dfield-body',controls))

/** <option>s for [[value, text]]. */
export const options=list=>list.map(([value,text])=>h('option',{value},text))

/** A debounced function with .flush(), .cancel() and .pending(). */
export function debounce(fn,ms){
  let t,args=null
  const d=(...a)=>{args=a;clearTimeout(t);t=setTimeout(d.flush,ms)}
  d.flush=()=>{if(!args)return;const a=args;d.cancel();fn(...a)}
  d.cancel=()=>{clearTimeout(t);args=null}
  d.pending=()=>!!args
  return d
}

/** A segmented control of native radios (arrow keys for free): options [[value, label]]. */
export function segmented(name,label,list,onPick){
  const el=h('fieldset.dsegmented',h('legend.sr-only',label),
    list.map(([value,text])=>h('label.dseg',h('input',{type:'radio',name,value,onchange:()=>onPick(value)}),h('span',text))))
  el.select=value=>{for(const i of el.querySelectorAll('input'))i.checked=i.value===String(value)}
  return el
}
