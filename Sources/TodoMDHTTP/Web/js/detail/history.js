// A task's history in the detail (issue 16), collapsed until opened: the audit log's changes
// (GET /api/log?task=), newest first, and the stored versions (GET /api/tasks/{id}/history), each
// viewable (its file as text) and restorable (ctx.restore(version): POST …/restore with If-Match).
import{h,replace}from'../dom.js'
import{api}from'../api.js'
import{label}from'../conflicts.js'
import{onChange}from'../live.js'
import{emit}from'../bus.js'
import{sheet}from'./sheet.js'

const FRONT={cli:'Command line',http:'HTTP API',api:'HTTP API',web:'Web app',mcp:'Agent (MCP)',watch:'todomd watch'}
const rtf=new Intl.RelativeTimeFormat(undefined,{numeric:'auto'})
const UNITS=[['year',31536e3],['month',2592e3],['week',604800],['day',86400],['hour',3600],['minute',60]]
const full=iso=>new Date(iso).toLocaleString(undefined,{dateStyle:'full',timeStyle:'medium'})

/** "5 minutes ago", the date and time in its title. */
export function when(iso){
  const s=(Date.parse(iso)-Date.now())/1000,[u,n]=UNITS.find(([,n])=>Math.abs(s)>=n)||[]
  return h('time',{datetime:iso,title:full(iso)},u?rtf.format(Math.round(s/n),u):'just now')
}

/** Who made a change: the front end (and the source, when another) for todomd's own. */
function who(x){
  if(x.by=='external')return'Changed outside todomd'
  if(x.by=='seen')return'First seen'
  const f=FRONT[x.front_end]||x.front_end||'todomd'
  return x.source&&x.source!=x.front_end&&x.source!='user'?`${f} · ${x.source}`:f
}

// The changed fields, without the modified stamp every write sets.
const fields=list=>{
  const l=(list||[]).filter(k=>k!='modified')
  return l.length?l.map(label).join(', '):''
}

const ACTIONS={done:'Completed',reopen:'Reopened',cancel:'Cancelled',defer:'Deferred',flag:'Flagged',unflag:'Unflagged',
  restore:'Restored a version',resolve:'Resolved a sync conflict',undo:'Undone'}
function what(e){
  if(e.kind=='created')return'Created'
  if(e.kind=='removed')return'Deleted'
  if(e.kind=='moved')return`Moved from ${e.from}`
  const f=fields(e.fields),a=ACTIONS[e.action]
  return a?a+(f?` · ${f}`:''):f?'Changed '+f:'Saved'
}

let open=null
onChange(()=>open?.isConnected&&open.open&&open.load(),400)

/** The section: ctx {task(), restore(version)}. */
export function historySection(ctx){
  const box=h('div.history-body'),item=(...kids)=>h('li.history-item',kids)
  let seq=0
  const sec=h('details.detail-history',{ontoggle:()=>{if(sec.open){open=sec;load()}}},h('summary','History'),box)
  async function load(){
    const t=ctx.task(),my=++seq
    if(!box.firstChild)replace(box,h('p.history-note','Loading…'))
    try{
      const[log,hist]=await Promise.all([api.log({task:t.id,limit:100}),api.history(t.id,{limit:50})])
      if(my!=seq)return
      const changes=(log.entries||[]).reverse()
      replace(box,
        h('h3.history-head','Changes'),
        changes.length?h('ol.history-list',changes.map(e=>item(h('div.history-line',when(e.at),h('span.history-who',who(e))),h('div.history-what',what(e)))))
          :h('p.history-note','No changes recorded yet.'),
        h('h3.history-head','Versions'),
        hist.versions?.length?h('ol.history-list',hist.versions.map(v=>item(
          h('div.history-line',h('strong',v.version),when(v.at),h('span.history-who',who(v)),v.current&&h('span.pill','Current')),
          fields(v.fields)&&h('div.history-what',fields(v.fields)),
          h('div.history-actions',h('button.btn',{type:'button','aria-label':`View ${v.version}`,onclick:()=>view(v)},'View'),
            !v.current&&h('button.btn.history-restore',{type:'button','aria-label':`Restore ${v.version}`,onclick:()=>ctx.restore(v.version)},'Restore')))))
          :h('p.history-note','No versions kept yet.'))
    }catch(e){if(my==seq)replace(box,h('p.dfield-msg',{role:'alert'},`History cannot be read: ${e.message}`))}
  }
  /** Version `v`'s file, read-only, in a sheet. */
  async function view(v){
    let doc
    try{doc=await api.history(ctx.task().id,{version:v.version})}catch(e){return emit('toast',{message:e.message})}
    const s=sheet({label:`Version ${v.version}`,cls:'version-sheet'})
    const close=h('button.btn',{type:'button',onclick:()=>s.close()},'Close')
    s.panel.append(h('h2.sheet-title',`Version ${v.version}`),h('p.sheet-summary',`${full(v.at)} · ${who(v)}`),
      h('pre.version-text',{tabindex:'0'},doc.content),
      h('div.sheet-actions',!v.current&&h('button.btn.history-restore',{type:'button',onclick:()=>{s.close();ctx.restore(v.version)}},'Restore this version'),close))
    close.focus()
  }
  sec.load=load
  return sec
}
