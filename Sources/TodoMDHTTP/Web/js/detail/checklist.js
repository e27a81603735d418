// The task's checklist (issue 21): the checkbox lines of its notes, one real checkbox each (the item's
// text as its label, as text), ticked one at a time by `tick(item, done)` (POST /api/tasks/{id}/check
// with the version read, kept in data-version: the detail's). Labels are whole-row touch targets.
import{h,replace}from'../dom.js'

/** The Checklist section as a detail field: {key, el, update(task)}. */
export function checklistField(tick){
  const count=h('span.cl-count'),list=h('ul.cl-list',{'aria-labelledby':'detail-cl-head'})
  const el=h('section.detail-cl',{'aria-labelledby':'detail-cl-head',dataset:{field:'checklist'}},h('h2.cl-head#detail-cl-head','Checklist ',count),list)
  return{key:'checklist',el,update(t){
    const c=t.checklist,items=c?.items||[],boxes=[...list.querySelectorAll('input')]
    el.hidden=!items.length
    el.dataset.version=t.version
    count.textContent=c?`${c.done}/${c.total}`:''
    // The same items: only their ticks change (the focus stays); else the list is rebuilt.
    if(boxes.length!==items.length||items.some((it,i)=>boxes[i].dataset.text!==it.text))
      replace(list,items.map(it=>h('li',h('label.cl-item',h('input',{type:'checkbox',dataset:{text:it.text},onchange:e=>tick(+e.target.dataset.item,e.target.checked)}),h('span.cl-text',it.text)))))
    list.querySelectorAll('input').forEach((b,i)=>{b.checked=items[i].done;b.dataset.item=items[i].index})
  }}
}
