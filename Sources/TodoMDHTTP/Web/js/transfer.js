// Import & export (issue 17, /transfer): bring another app's export in — pick a file, see what
// would be created with the column mapping (CSV/JSON: change it per column), confirm — and download
// the vault in another app's format (GET /api/export/{format}). Importing the same file again
// creates nothing new: the server says what was already there and what it kept because you changed it.
import{h,replace,icon}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{toast}from'./toast.js'

const FIELDS=['title','status','due','defer','scheduled','priority','flagged','area','project','tags','recurrence','estimated_minutes',
  'description','body','created','completed','id','parent','skip']
const VIEWS=[['','Every task'],['anytime','Open tasks'],['today','Today'],['upcoming','Upcoming'],['someday','Someday'],['logbook','Logbook']]
const ACTION={create:'New',update:'Update',unchanged:'Already here',keep:'Kept (you changed it)',note:'Note'}
let file=null,map={},seq=0

export function renderTransfer(main){
  map={};file=null
  const field=(id,label,control)=>h('div.field',h('label',{for:id},label),control)
  const fmt=h('select',{id:'imp-format',onchange:()=>{map={};preview()}},h('option',{value:''},'Guess from the file'))
  const pick=h('input',{id:'imp-file',type:'file',onchange:async e=>{
    const f=e.target.files[0]
    file=f?{name:f.name,content:await f.text()}:null
    map={};preview()
  }})
  const area=h('input',{id:'imp-area',type:'text',placeholder:'as in the file',onchange:()=>preview()})
  const project=h('input',{id:'imp-project',type:'text',placeholder:'as in the file',onchange:()=>preview()})
  const out=h('div.imp-out',{'aria-live':'polite'})
  const exFmt=h('select',{id:'ex-format',onchange:()=>link()}),exView=h('select',{id:'ex-view',onchange:()=>link()},VIEWS.map(([v,t])=>h('option',{value:v},t)))
  const exProject=h('input',{id:'ex-project',type:'text',placeholder:'any',oninput:()=>link()})
  const dl=h('a.btn.primary',{id:'ex-download',download:''},icon('transfer'),'Download')
  const link=()=>{
    const q=new URLSearchParams()
    if(exView.value)q.set('view',exView.value)
    if(exProject.value.trim())q.set('project',exProject.value.trim())
    const s=q.toString()
    dl.href=`/api/export/${encodeURIComponent(exFmt.value)}${s?'?'+s:''}`
  }
  api.formats().then(f=>{
    fmt.append(...f.importers.map(i=>h('option',{value:i.format},i.title)))
    exFmt.append(...f.exporters.map(e=>h('option',{value:e.format},`${e.title} (.${e.extension})`)))
    link()
  }).catch(e=>toast(e.message))

  const body=()=>({format:fmt.value||null,name:file.name,content:file.content,area:area.value.trim()||null,project:project.value.trim()||null,map})
  async function preview(){
    const my=++seq
    if(!file)return replace(out)
    if(!file.content.trim())return replace(out,h('p.banner.warn',`${file.name} is empty.`))
    replace(out,h('p.hint','Reading…'))
    try{
      const r=await api.importFile({...body(),dry_run:true})
      if(my==seq)show(r)
    }catch(e){if(my==seq)replace(out,h('p.banner.warn',{role:'alert'},icon('warning'),h('span',e.message)))}
  }
  function show(r,done=false){
    const n=r.created+r.updated
    replace(out,
      h('p.imp-summary',h('strong',r.format_title),' · ',r.summary),
      r.problems.length>0&&h('ul.imp-problems',r.problems.map(p=>h('li',h('span.hint',p.location+': '),p.message))),
      !done&&r.mapping.length>0&&h('div.imp-map',h('h3','Columns'),r.mapping.map((m,i)=>field('map-'+i,m.column,
        h('select',{id:'map-'+i,onchange:e=>{map[m.column]=e.target.value;preview()}},
          h('option',{value:'',selected:m.field==null},'keep as extra'),
          FIELDS.map(f=>h('option',{value:f,selected:m.field==f},f)))))),
      r.items.length>0&&h('div.imp-scroll',{tabindex:0,role:'region','aria-label':'Preview'},h('table.imp-table',h('caption.hint',r.items.length>100?`The first 100 of ${r.items.length}`:`${r.items.length} record${r.items.length==1?'':'s'}`),
        h('thead',h('tr',['','Title','Area / project','Due','Tags'].map(t=>h('th',{scope:'col'},t)))),
        h('tbody',r.items.slice(0,100).map(i=>{const t=i.task
          return h('tr',{dataset:{action:i.action}},h('td',ACTION[i.action]||i.action),h('td',t.title),
            h('td',[t.area,t.project].filter(Boolean).join(' / ')),h('td',t.due||''),h('td',(t.tags||[]).map(x=>'#'+x).join(' ')))})))),
      !done&&h('div.actions',h('button.btn.primary',{id:'imp-confirm',type:'button',disabled:n==0,onclick:confirm},
        n==0?'Nothing to import':`Import ${n} task${n==1?'':'s'}`)))
  }
  async function confirm(){
    const my=++seq
    try{
      const r=await api.importFile({...body(),dry_run:false})
      toast(r.summary,{undo:r.created+r.updated>0})
      emit('tasks-changed',{ids:[],kind:'import'})
      if(my==seq)show(r,true)
    }catch(e){toast(e.message)}
  }

  const section=(id,title,...kids)=>h('section',{'aria-labelledby':id},h('h2',{id},title),kids)
  replace(main,h('div.pg.transfer',{dataset:{nav:'transfer'}},
    h('h1','Import & export'),
    section('t-import','Import',
      h('p.hint','From Todoist, TickTick, OmniFocus (TaskPaper), Things, Taskwarrior, todo.txt, Reminders and other iCalendar apps, or any CSV or JSON. Nothing is written until you confirm; importing the same file again adds nothing twice.'),
      field('imp-file','File',pick),field('imp-format','Format',fmt),field('imp-area','Put in area',area),field('imp-project','Put in project',project),out),
    section('t-export','Export',
      h('p.hint','Your tasks are already plain Markdown files; these are for other apps.'),
      field('ex-format','Format',exFmt),field('ex-view','Tasks',exView),field('ex-project','Only project',exProject),h('div.actions',dl))))
}
