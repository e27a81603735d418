// Area and project pickers: text inputs with the vault's names as suggestions (projects filtered
// by the chosen area); typing a new name creates it. Tag chips: Enter or comma adds (completion
// from the vault's tags), Backspace in an empty input removes the last chip, each chip has a
// remove button.
import{h,replace,icon}from'../dom.js'
import{api}from'../api.js'
import{row}from'./ui.js'

let areas,known
const loadAreas=fresh=>(!areas||fresh?(areas=api.areas().then(r=>r.areas||[],()=>[])):areas)
/** All tag paths of the vault (cached). */
const allTags=()=>(known||=api.tags().then(r=>{
  const out=[],walk=list=>{for(const t of list||[]){out.push(t.tag);walk(t.children)}}
  walk(r.tags)
  return out
},()=>[]))
/** A <datalist> for `input`, filled with `names()` when it gets focus. */
const suggest=(input,names)=>{
  const list=h('datalist',{id:input.id+'-list'})
  input.setAttribute('list',list.id)
  input.addEventListener('focus',async()=>replace(list,(await names()).map(value=>h('option',{value}))))
  return list
}

function picker(key,label,ctx,names){
  let value=null
  const input=h('input',{id:'detail-'+key,name:key,type:'text',autocomplete:'off',placeholder:'No '+key,
    onchange:async()=>{
      const next=input.value.trim()||null
      const t=next!==value&&await ctx.save(key,next)
      if(t)value=t[key]??null
      input.value=value||''
    },
    onkeydown:e=>{if(e.key==='Escape'&&input.value!==(value||'')){e.stopPropagation();input.value=value||''}},
  })
  return{
    key,el:row(key,label,input.id,input,suggest(input,names)),
    update(task){value=task[key]??null;if(document.activeElement!==input)input.value=value||''},
    busy:()=>document.activeElement===input&&input.value.trim()!==(value||''),
  }
}

export const areaField=ctx=>picker('area','Area',ctx,async()=>(await loadAreas(true)).map(a=>a.area).filter(Boolean))

export const projectField=ctx=>picker('project','Project',ctx,async()=>{
  const area=ctx.task().area
  const names=(await loadAreas()).filter(a=>!area||a.area===area).flatMap(a=>a.projects.map(p=>p.project))
  return[...new Set(names)].sort((a,b)=>a.localeCompare(b))
})

export function tagsField(ctx){
  let tags=[]
  const input=h('input#detail-tags.tag-input',{name:'tags',type:'text',autocomplete:'off',placeholder:'Add tag','aria-describedby':'detail-tags-hint',
    onkeydown:e=>{
      if(e.key==='Enter'||e.key===','){e.preventDefault();add()}
      else if(e.key==='Backspace'&&!input.value&&tags.length){e.preventDefault();set(tags.slice(0,-1))}
    },
    onblur:()=>{if(input.value.trim())add()},
  })
  const chips=h('ul.chips',{'aria-label':'Tags'})
  const draw=()=>replace(chips,tags.map((t,i)=>h('li.chip.tag',{dataset:{tag:t}},h('span','#'+t),
    h('button.chip-x',{'aria-label':`Remove tag ${t}`,onclick:()=>set(tags.filter((_,j)=>j!==i))},icon('x')))))
  async function set(next){
    const was=tags
    tags=next; // at once, so the next keystroke builds on it
    draw()
    const t=await ctx.save('tags',next)
    if(tags===next){tags=t?t.tags||[]:was;draw()}
  }
  function add(){
    const words=input.value.split(',').map(w=>w.trim().replace(/^#/,'')).filter(w=>w&&!tags.includes(w))
    input.value=''
    if(words[0])set([...tags,...new Set(words)])
  }
  return{
    key:'tags',el:row('tags','Tags',input.id,h('div.tag-box',chips,input,suggest(input,async()=>(await allTags()).filter(t=>!tags.includes(t)))),
      h('span.sr-only#detail-tags-hint','Enter or comma adds a tag; Backspace removes the last one.')),
    update(task){tags=[...(task.tags||[])];draw()},
    busy:()=>document.activeElement===input&&input.value!=='',
  }
}
