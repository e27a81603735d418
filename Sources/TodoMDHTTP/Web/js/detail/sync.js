// The sync-conflict chooser (issue 16): a sync engine's copy of this task changed some fields the
// original changed too. For each, this device's value beside the other device's (and what it was
// before), one choice per field, "Keep all mine" / "Keep all theirs", then Resolve
// (POST /api/conflicts/resolve; the copy goes to the trash, the original's rewrite is undoable).
import{h,icon}from'../dom.js'
import{label,copyName}from'../conflicts.js'

/** A value as the server sends it (plain text: Plan B, 2026-12-01; null: none) → what to show (null: none).
 *  Quotes are the value's own: nothing is un-quoted. */
function shown(key,v){
  if(v==null)return null
  if(key=='body')return v.replace(/^\n+/,'').trimEnd()||null
  const s=v.trim()
  // A date (and time) in words, to compare at a glance: "Wed, 2 Dec 2026".
  const d=/^\d{4}-\d\d-\d\d(T\d\d:\d\d)?/.exec(s)?.[0]
  return d?new Date(d.length>10?d:d+'T00:00').toLocaleString(undefined,{weekday:'short',day:'numeric',month:'short',year:'numeric',...d.length>10&&{hour:'numeric',minute:'2-digit'}}):s||null
}

/** The chooser for conflict `c` ({task, copy, engine, fields: [{key, base, mine, theirs}], merged, has_base});
 *  `more`: other copies waiting; `resolve(fields)` → Promise (true: done). */
export function syncPanel(c,more,resolve){
  const pick={},n=c.fields.length,other=copyName(c)
  const go=h('button.btn.primary.sync-resolve',{type:'submit'},'Resolve')
  const status=h('p.sync-status',{'aria-live':'polite'})
  const update=()=>{
    const k=Object.keys(pick).length
    go.disabled=k<n
    status.textContent=k<n?`${k} of ${n} chosen`:''
  }
  const val=(key,v)=>{
    const t=shown(key,v)
    return h(key=='body'?'pre':'span',{class:['sync-val',t==null&&'none'],tabindex:key=='body'?'0':null},t??'nothing')
  }
  const side=(f,who,head,sub)=>h('label',{class:['sync-opt',who]},
    h('input',{type:'radio',name:'sync-'+f.key,value:who,onchange:()=>{pick[f.key]=who;update()}}),
    h('span.sync-who',h('span',head),sub&&h('span.sync-sub',sub)),val(f.key,f[who]))
  const all=who=>()=>{
    for(const i of form.querySelectorAll(`input[value=${who}]`)){i.checked=true;pick[i.name.slice(5)]=who}
    update()
    go.focus()
  }
  const form=h('form.sync-panel',{'aria-labelledby':'sync-title',onsubmit:async e=>{
    e.preventDefault()
    if(go.disabled)return
    go.disabled=true
    status.textContent='Resolving…'
    if(!(await resolve({...pick})))update()
  }},
    h('div.sync-head',icon('conflict'),h('div',h('h2#sync-title','Changed on two devices'),
      h('p',`This device and another one changed ${n==1?'this field':'these fields'} before they synced; the other's version is the ${other}. Choose what to keep.`))),
    c.fields.map(f=>h('fieldset.sync-field',h('legend',label(f.key)),
      c.has_base&&h('p.sync-base','Before: ',val(f.key,f.base)),
      h('div.sync-sides',side(f,'mine','This device'),side(f,'theirs','Other device',other)))),
    c.merged?.length>0&&h('p.sync-note',`Also from the other device, merged when you resolve: ${c.merged.map(label).join(', ')}.`),
    more>0&&h('p.sync-note',`${more} more ${more==1?'copy':'copies'} after this one.`),
    h('div.sync-actions',h('button.btn',{type:'button',onclick:all('mine')},'Keep all mine'),
      h('button.btn',{type:'button',onclick:all('theirs')},'Keep all theirs'),status,go))
  update()
  return form
}
