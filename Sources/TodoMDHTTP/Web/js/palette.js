// Command palette (Cmd/Ctrl-K): jump to views, areas, projects, tags, perspectives; run commands;
// full-text search (api.search) or, when the input looks like a query ("tag:work & due<7d"), api.query.
import{h,$,$$,icon,replace}from'./dom.js'
import{api}from'./api.js'
import{emit,on}from'./bus.js'
import{navigate,href}from'./router.js'
import{isQuery}from'./list.js'
import{undoLast}from'./toast.js'

const HINT={area:'Area',tag:'Tag',perspective:'Perspective',view:'Perspective',settings:'Themes'}

// Every sidebar entry (built-in lists, areas, projects, perspectives, typed lists, tags, settings), then commands.
function entries(){
  return[...$$('#sidebar .nav-item').map(a=>{
    // A project's area is its .nav-node's (projects without an area have none).
    const[k,...p]=a.dataset.nav.split('/'),label=el=>el.querySelector('.label').textContent,area=a.closest('.nav-node')
    return{label:k=='tag'?'#'+p.join('/'):label(a),go:a.getAttribute('href'),icon:a.querySelector('svg'),
      hint:k=='project'?'Project'+(area?' in '+label(area):''):HINT[k]||'List'}
  }),
  {label:'New task',hint:'N',icon:'plus',run:()=>emit('quick-entry',{})},
  {label:'Undo',hint:'⌘Z',icon:'back',run:undoLast},
  {label:'New perspective',hint:'Builder',icon:'perspective',go:'/builder'}]
}

let dlg=null
export function openPalette(){
  if(dlg)return
  const all=entries()
  let results=[],active=0,timer=0,n=0
  const input=h('input.palette-input',{type:'text',role:'combobox','aria-expanded':'true','aria-controls':'palette-list',
    'aria-autocomplete':'list','aria-label':'Go to, run or search',placeholder:'Go to, search, or query (tag:work & due<7d)…',autocomplete:'off',spellcheck:'false'})
  const list=h('ul#palette-list.palette-list',{role:'listbox','aria-label':'Results'})
  dlg=h('dialog.palette',{'aria-label':'Command palette'},h('div.palette-field',icon('search'),input),list)

  const draw=()=>{
    replace(list,results.map((r,i)=>h('li',{
      role:'option',id:'pal-'+i,'aria-selected':String(i==active),class:['palette-item',i==active&&'active'],
      onclick:()=>choose(r),onpointermove:()=>{if(active!=i){active=i;draw()}},
    },r.icon.cloneNode?r.icon.cloneNode(true):icon(r.icon),h('span.label',r.label),r.hint&&h('span.hint',r.hint))))
    input.setAttribute('aria-activedescendant',results.length?'pal-'+active:'')
    list.children[active]?.scrollIntoView({block:'nearest'})
  }
  const choose=r=>{
    dlg.close()
    r.go?navigate(r.go):r.run?.()
  }
  const update=()=>{
    const q=input.value.trim(),lq=q.toLowerCase()
    results=(q?all.filter(r=>r.label.toLowerCase().includes(lq)):all.slice(0,12)).slice(0,30)
    active=0
    draw()
    clearTimeout(timer)
    if(q.length<2)return
    const my=++n,query=isQuery(q),mine=()=>my==n&&dlg
    timer=setTimeout(async()=>{
      try{
        const r=query?await api.query({query:q}):await api.search(q,{limit:15})
        if(!mine())return
        const tasks=query?r.groups.flatMap(g=>g.tasks):r.hits.map(x=>x.task)
        results=[...results,{label:query?`Show all ${r.count} matching “${q}”`:`Search for “${q}”`,icon:'search',go:href('search',q)},
          ...tasks.slice(0,15).map(t=>({label:t.title,hint:t.project||t.area||'',icon:'check',run:()=>emit('open-task',t.id)}))]
        draw()
      }catch(e){if(query&&mine()){results=[{label:e.message,icon:'warning'},...results];draw()}}
    },120)
  }
  input.oninput=update
  input.onkeydown=e=>{
    const k=e.key,m=Math.max(1,results.length)
    if(k=='ArrowDown'||k=='ArrowUp'){active=(active+(k=='ArrowDown'?1:m-1))%m;draw()}
    else if(k=='Enter'&&results[active])choose(results[active])
    else return
    e.preventDefault()
  }
  dlg.onclose=()=>{dlg.remove();dlg=null}
  dlg.onclick=e=>e.target==dlg&&dlg.close()
  $('#overlays').append(dlg)
  dlg.showModal()
  update()
}

on('palette',openPalette)
