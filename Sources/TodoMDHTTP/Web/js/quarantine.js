// The quarantine (issue 16): new files held back from every list, count and search until approved
// (GET /api/quarantine, oldest first). Each shows as a row: title (a link to its detail, to look
// before deciding), source badge, why it is held, when it came, its path (a file without a task:
// its path and problem); Approve shows it in its lists, Reject moves it to the trash (Undo in the
// toast, as after any write). "Approve all" / "Reject all"; the burst the files came in as a banner.
import{h,$,$$,icon,replace}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{toast}from'./toast.js'
import{onChange,burstText}from'./live.js'
import{screen}from'./conflicts.js'
import{when}from'./detail/history.js'

let view=null,seq=0,refocus=-1

/** The /quarantine screen. */
export function renderQuarantine(main){
  replace(main,screen('quarantine','shield','Quarantine',view=h('div.list-body')))
  load()
}

const name=f=>f.task?.title||f.path
const files=n=>`${n} file${n==1?'':'s'}`

function row(f,i){
  const t=f.task,btn=(how,cls)=>h('button.btn'+cls,{type:'button','aria-label':`${how} ${name(f)}`,onclick:()=>decide(how,[f],i)},how)
  return h('li.q-row',{dataset:{path:f.path}},icon(t?'shield':'warning'),
    h('div.row-text',
      h('div.title-line',t?h('a.title',{href:'/task/'+encodeURIComponent(t.id)},t.title):h('span.title',f.path),
        h('span.pill.source',{title:'Its source'},icon('robot'),f.source||'no source')),
      t?.description&&h('div.desc',t.description),
      h('div.desc',f.reason=='burst'?'Came in a burst of new files':f.source?'Its source is not trusted':'It names no source',' · arrived ',when(f.at)),
      h('div.note-path',icon(t?'note':'warning'),t?f.path:f.problem)),
    h('div.q-acts',btn('Approve','.primary'),btn('Reject','')))
}

async function load(){
  if(!view?.isConnected)return view=null
  const my=++seq
  try{
    const q=await api.quarantine(),list=q.files||[],a=q.alert
    if(my!=seq||!view?.isConnected)return
    replace(view,a&&list.length>0&&h('div.banner.warn.q-alert',icon('warning'),h('span',burstText(a)+' Review them before they show in your lists.')),
      list.length?[h('div.q-bar',h('p.list-note',`${files(list.length)} held for review: in no list, count or search until approved.`),
        ['Approve','Reject'].map(how=>h('button.btn',{type:'button',onclick:()=>decide(how)},how+' all'))),
      h('ul.rows',{role:'list'},list.map(row))]
      :h('div.empty',icon('shield'),h('p','Nothing held for review.')))
    // After a decision the keyboard stays in the list: on the next file's Approve, or the screen.
    if(refocus>=0){
      const rows=$$('.q-row',view);
      ((rows[refocus]||rows.at(-1))?.querySelector('button')||$('#main')).focus()
      refocus=-1
    }
  }catch(e){if(my==seq&&view&&!view.firstChild)replace(view,h('div.empty',h('p',e.message)))}
}

/** Approves or rejects `list` (all when none); a rejection can be undone from its toast. */
async function decide(how,list,i=0){
  const reject=how=='Reject'
  try{
    const r=await api.decide(how.toLowerCase(),list?{files:list.map(f=>f.path)}:{all:true}),n=(r.approved||r.rejected).length
    const what=list?.length==1?`“${name(list[0])}”`:files(n)
    toast(reject?`${what} moved to the Trash`:`Approved ${what}: ${n==1?'it shows':'they show'} in your lists`,{undo:reject})
  }catch(e){toast(e.message)}
  refocus=i
  emit('tasks-changed',{kind:how})
  load()
}

onChange(load,300)
