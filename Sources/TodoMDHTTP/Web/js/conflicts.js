// Sync conflicts (issue 16): GET /api/conflicts when the overview counts any (or had some), at once on
// a live `conflict` event, and when the app comes back into view (bus 'conflicts' with the list when
// it changed). Rows of a task with one get a badge; /conflicts lists them; the detail shows the
// chooser (detail/sync.js).
import{h,$$,icon,replace}from'./dom.js'
import{api}from'./api.js'
import{on,emit}from'./bus.js'
import{navigate}from'./router.js'

export const ENGINES={syncthing:'Syncthing',dropbox:'Dropbox',nextcloud:'Nextcloud',icloud:'iCloud Drive',onedrive:'OneDrive',gdrive:'Google Drive'}
const LABELS={title:'Title',description:'Description',status:'Status',flagged:'Flag',due:'Deadline',scheduled:'When',defer:'Defer until',
  priority:'Priority',estimated_minutes:'Estimate',area:'Area',project:'Project',tags:'Tags',recurrence:'Repeat',recurrence_type:'Repeat mode',
  body:'Notes',completed:'Completed',created:'Created',modified:'Modified'}
/** A field's name as the detail shows it: due → "Deadline". */
export const label=k=>LABELS[k]||k.replace(/_/g,' ')
/** "Syncthing copy". */
export const copyName=c=>`${ENGINES[c.engine]||c.engine||'Sync'} copy`

let list=[],seen='',view=null
export const conflicts=()=>list
/** The open conflicts of the file at `path`, the one resolving settles first first. */
export const conflictsOf=path=>list.filter(c=>c.task==path)
/** The badge of a task row (a whole file's task: a checkbox line's conflict is its note's); accessible name "Sync conflict". */
export const badge=t=>t.line==null&&conflictsOf(t.path).length>0&&h('span.sync-badge',{role:'img','aria-label':'Sync conflict',title:'Changed on two devices: open it to choose'},icon('conflict'))

export async function refreshConflicts(){
  try{
    const r=await api.conflicts(),k=JSON.stringify(r.conflicts)
    if(k==seen)return
    seen=k
    list=r.conflicts||[]
    markRows()
    emit('conflicts',list)
  }catch{/* offline: live.js says so */}
}

/** Badges on the rows whose file has a conflict, none on the others. */
function markRows(){
  const paths=new Set(list.map(c=>c.task))
  for(const li of $$('.task-row')){
    const b=$$('.sync-badge',li)[0],want=paths.has(li.task?.path)&&li.task.line==null
    if(want&&!b)li.querySelector('.title')?.after(badge(li.task))
    else if(!want)b?.remove()
  }
}

/** A screen of its own, kept under the detail as lists are (/conflicts, /quarantine): header (back on a phone, icon, title), then `kids`. */
export const screen=(nav,ic,title,...kids)=>h('section.list-view.v-'+nav,{dataset:{nav}},
  h('header.list-header',h('button.back',{'aria-label':'Lists',onclick:()=>navigate('/')},icon('back')),
    h('span.head-icon',icon(ic)),h('h1.list-title',title)),kids)

/** The /conflicts screen: every task with an open conflict; each opens its detail (the chooser). */
export function renderConflicts(main){
  replace(main,screen('conflicts','conflict','Conflicts',view=h('div.list-body')))
  draw()
  refreshConflicts()
}

function draw(){
  if(!view?.isConnected)return view=null
  replace(view,list.length?[h('p.list-note','Each of these tasks was changed on two devices before they synced. Open one to choose what to keep.'),
    h('ul.rows',{role:'list'},list.map(c=>h('li',h('a.conflict-link',{href:'/task/'+encodeURIComponent(c.task)},icon('conflict'),
      h('span.row-text',h('span.title',c.title),h('span.desc',`${c.fields.map(f=>label(f.key)).join(', ')} · ${copyName(c)}`))))))]
    :h('div.empty',icon('conflict'),h('p','No sync conflicts: every device agrees.')))
}

on('conflicts',draw)
// A copy is announced (`conflict`); the overview (refreshed after every change) counts them, which
// also catches one settled elsewhere. Nothing says when a sync engine removes a copy: look again
// when the app comes back into view.
on('live',e=>e.kind=='conflict'&&refreshConflicts())
on('overview',ov=>(ov.conflicts!==0||list.length)&&refreshConflicts())
document.addEventListener('visibilitychange',()=>document.visibilityState=='visible'&&refreshConflicts())
