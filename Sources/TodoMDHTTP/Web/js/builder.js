// The perspective builder (/builder, /builder/ID): "Where [field] [operator] [value]" rows in
// All / Any / None groups (nested), sort keys, grouping, name, icon, colour, and a live count
// (POST /api/query). Built-in views open read-only: "here's how Today works".
import{h,replace,icon}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{navigate}from'./router.js'

const w=s=>s.split(' ')
const DATE=w('on before after on_or_before on_or_after before_or_none none any')
const TEXT=w('equals not_equals in not_in contains not_contains none any')
const NUM=w('equals not_equals less_than greater_than at_most at_least none any')
const SET=w('equals not_equals in not_in')
const BOOL=['equals']
const FIELDS={
  status:SET,area:TEXT,project:TEXT,tags:w('contains in not_contains none any'),priority:[...SET,...w('at_least at_most greater_than less_than')],
  flagged:BOOL,available:BOOL,overdue:BOOL,due:[...DATE,'past'],scheduled:[...DATE,'past'],defer:[...DATE,'past'],
  created:DATE,modified:DATE,completed:DATE,estimated_minutes:NUM,title:TEXT,text:['contains'],source:TEXT,
  folder:SET,type:SET,recurrence:w('any none'),extra:[...NUM.slice(0,6),...w('in not_in contains on before after none any')],
}
const FIELD_NAMES={estimated_minutes:'estimate (minutes)',text:'full text',extra:'other key…'}
const OPS={equals:'is',not_equals:'is not',in:'is any of',not_in:'is none of',not_contains:'does not contain',none:'is empty',
  any:'is set',greater_than:'is above',less_than:'is below',before_or_none:'is on or before, or none'}
const TAG_OPS={contains:'has all of',in:'has any of',not_contains:'has none of',none:'has none',any:'has some'}
const CHOICE={status:w('todo in-progress someday done cancelled'),priority:w('high medium low none')}
const NO_VALUE=w('none any past')
const SORTS=w('manual date due scheduled defer priority title created modified completed area project status estimated_minutes flagged folder path')
const GROUP_BY=w('none area project tag date due scheduled priority status folder')
const ICONS=w('perspective star flagged tag calendar clock list inbox area project book note robot moon search')
const DATES=['today','tomorrow','yesterday','+7d','-7d','this week','next week','this month','last 7 days','next 2 weeks','end of week']
const COMBINE=[['AND','All of these are true'],['OR','Any of these is true'],['NONE','None of these is true']]
const isObj=v=>v!==null&&typeof v==='object'&&!Array.isArray(v)
const label=s=>(FIELD_NAMES[s]||s).replace(/_/g,' ')
const opLabel=(f,o)=>(f==='tags'&&TAG_OPS[o])||OPS[o]||(o==='contains'?o:'is '+o.replace(/_/g,' '))
const fieldOf=c=>(c.field?.startsWith('extra.')?'extra':c.field)

// Server tree ⇄ UI groups: NOT(x) shows as "None of" x's children (NOT of several is NOT(AND(…))).
function toUI(n){
  if(!isObj(n))return{operator:'AND',children:[]}
  if(!Array.isArray(n.conditions))return{field:n.field,op:n.op,value:n.value}
  const k=n.conditions
  if(n.operator!=='NOT')return{operator:n.operator==='OR'?'OR':'AND',children:k.map(toUI)}
  if(k.length===1&&k[0].operator==='OR'&&Array.isArray(k[0].conditions))return{operator:'NONE',children:k[0].conditions.map(toUI)}
  return{operator:'NONE',children:k.length===1?[toUI(k[0])]:[{operator:'AND',children:k.map(toUI)}]}
}
function fromUI(n){
  if(!n.children)return NO_VALUE.includes(n.op)?{field:n.field,op:n.op}:{field:n.field,op:n.op,value:n.value}
  const kids=n.children.map(fromUI)
  if(n.operator!=='NONE')return{operator:n.operator,conditions:kids}
  return{operator:'NOT',conditions:kids.length===1?kids:[{operator:'OR',conditions:kids}]}
}
const rootOf=f=>{const u=toUI(f);return u.children?u:{operator:'AND',children:[u]}}

/** opts: {id (a perspective or built-in view), readonly, builtin}. */
export function renderBuilder(container,{id,readonly=false,builtin=false}={}){
  let def={name:'',icon:'perspective',color:'#4A90D9'},root=rootOf(null),version=null,existing=null,ro=readonly
  let timer=0,seq=0,uid=0,armed=false
  const lists={area:[],project:[],tags:[],type:w('task checkbox todo item')}
  const status=h('p.hint',{role:'status'})
  const count=h('div.builder-count',{'aria-live':'polite'})
  const body=h('div.pg')
  const tree=h('div')
  const touched=()=>{clearTimeout(timer);timer=setTimeout(runCount,300)}
  const redraw=()=>{replace(tree,groupBox(root,null,0));touched()}
  // A select labelled `aria` whose choice goes to fn(value), then refreshes the count.
  const sel=(aria,fn,options,value)=>h('select',{disabled:ro,'aria-label':aria,onchange:e=>{fn(e.target.value);touched()}},
    options.map(o=>(Array.isArray(o)?o:[o,label(o)])).map(([v,t])=>h('option',{value:v,selected:String(v)===String(value)},t)))
  const x=(what,fn)=>!ro&&h('button.icon-btn',{'aria-label':`Remove this ${what}`,onclick:fn},icon('x'))
  const plus=(what,fn)=>!ro&&h('button.link-btn',{onclick:fn},icon('plus'),what)

  async function runCount(){
    const mine=++seq,req={filter:fromUI(root)}
    if(def.sort)req.sort=def.sort
    if(def.group_by)req.group_by=def.group_by
    try{
      const res=await api.query(req)
      if(mine!==seq)return
      const titles=(res.groups||[]).flatMap(g=>g.tasks||[]).slice(0,5).map(t=>t.title)
      replace(count,h('strong',`${res.count} ${res.count === 1 ? 'task' : 'tasks'}`),
        res.query&&h('span.hint',' · as text: ',h('code',res.query)),
        titles.length>0&&h('ul.builder-sample',titles.map(t=>h('li',t))))
    }catch(e){
      if(mine===seq)replace(count,h('span.builder-error',e.message))
    }
  }

  function valueEditor(c){
    const f=fieldOf(c),aria=`Value for ${label(f)}`,multi=c.op==='in'||c.op==='not_in'||f==='tags'
    if(NO_VALUE.includes(c.op))return null
    if(FIELDS[f]===BOOL){
      if(typeof c.value!=='boolean')c.value=true
      return sel(aria,v=>(c.value=v==='true'),[[true,'yes'],[false,'no']],c.value)
    }
    const choice=CHOICE[f]
    if(choice&&!multi){
      if(!choice.includes(c.value))c.value=choice[0]
      return sel(aria,v=>(c.value=v),choice,c.value)
    }
    if(choice){
      const on=new Set([c.value].flat().filter(Boolean))
      c.value=[...on]
      return h('span.chk-set',{role:'group','aria-label':aria},choice.map(v=>h('label.chk',
        h('input',{type:'checkbox',checked:on.has(v),disabled:ro,
          onchange:e=>{on[e.target.checked?'add':'delete'](v);c.value=choice.filter(y=>on.has(y));touched()}}),v)))
    }
    const list=lists[f]||((FIELDS[f]||[]).includes('before')?DATES:null),dl=list&&'dl-'+uid++
    const num=f==='estimated_minutes'
    return[h('input.value',{
      type:num?'number':'text',min:num?0:null,value:[c.value??''].flat().join(', '),disabled:ro,'aria-label':aria,
      list:dl,placeholder:multi?'a, b, c':list===DATES?'today, +7d, friday…':null,
      oninput:({target:{value:raw}})=>{
        const parts=raw.split(',').map(s=>s.trim()).filter(Boolean)
        c.value=num?(raw===''?null:+raw):!multi?raw:c.op.endsWith('in')||parts.length>1?parts:parts[0]??''
        touched()
      },
    }),dl&&h('datalist',{id:dl},list.slice(0,300).map(v=>h('option',{value:v})))]
  }

  function condRow(c,parent){
    const row=h('li.cond-row')
    const draw=()=>{
      const f=fieldOf(c),ops=FIELDS[f]||[c.op]
      if(!ops.includes(c.op))c.op=ops[0]
      replace(row,h('span.where','Where'),
        sel('Field',v=>{c.field=v==='extra'?'extra.':v;c.value=undefined;draw()},
          [...new Set([...Object.keys(FIELDS),f])],f),
        f==='extra'&&h('input',{value:c.field.slice(6),disabled:ro,'aria-label':'Key name',placeholder:'key',size:8,
          oninput:e=>{c.field='extra.'+e.target.value.trim();touched()}}),
        sel('Operator',v=>{
          const wasList=Array.isArray(c.value)
          c.op=v
          if(wasList!==(c.op==='in'||c.op==='not_in'))c.value=wasList?c.value[0]:c.value!=null?[c.value]:undefined
          draw()
        },ops.map(o=>[o,opLabel(f,o)]),c.op),
        valueEditor(c),
        x('condition',()=>{parent.children.splice(parent.children.indexOf(c),1);redraw()}))
    }
    draw()
    return row
  }

  function groupBox(g,parent,depth){
    const add=node=>()=>{g.children.push(node);redraw();[...tree.querySelectorAll('select[aria-label=Field]')].at(-1)?.focus()}
    return h('div.cond-group',
      h('div.cond-head',sel('How the conditions combine',v=>(g.operator=v),COMBINE,g.operator),
        parent&&x('group',()=>{parent.children.splice(parent.children.indexOf(g),1);redraw()})),
      h('ul.cond-list',g.children.map(c=>(c.children?h('li',groupBox(c,g,depth+1)):condRow(c,g)))),
      !g.children.length&&h('p.hint','No conditions: every task matches.'),
      !ro&&h('div.group-add',plus('Condition',add({field:'area',op:'equals',value:''})),
        depth<4&&plus('Group',add({operator:'OR',children:[{field:'tags',op:'contains',value:''}]}))))
  }

  function sortBox(){
    const box=h('div.sort-box')
    const draw=()=>{
      const keys=Array.isArray(def.sort)?def.sort:isObj(def.sort)?[def.sort]:[]
      const commit=l=>{if(l.length)def.sort=l.length>1?l:l[0];else delete def.sort;draw();touched()}
      replace(box,h('ul.cond-list',keys.map((k,i)=>h('li.cond-row',h('span.where',i?'then by':'Sort by'),
        sel('Sort field',v=>commit(keys,k.field=v),SORTS,k.field),
        sel('Direction',v=>commit(keys,k.direction=v),[['asc','ascending'],['desc','descending']],k.direction),
        x('sort key',()=>{keys.splice(i,1);commit(keys)})))),
      !keys.length&&h('p.hint','Manual order (drag to reorder), then oldest first.'),
      plus('Sort key',()=>commit([...keys,{field:'due',direction:'asc'}])))
    }
    draw()
    return box
  }

  async function save(){
    if(!def.name.trim()){status.textContent='Give the perspective a name first.';return body.querySelector('input[name=name]').focus()}
    const out={...def,name:def.name.trim(),filter:fromUI(root)}
    delete out.query
    try{
      const res=existing?await api.updatePerspective(existing,out,version):await api.createPerspective(out)
      emit('perspectives-changed',res?.perspective)
      emit('tasks-changed',{ids:[],kind:'perspectives'})
      navigate('/perspective/'+encodeURIComponent(res?.perspective?.id||existing))
    }catch(e){
      status.textContent=`Not saved: ${e.message}${e.status === 409 ? ' Reload to see the current version.' : ''}`
    }
  }
  async function remove(btn){
    if(!armed){armed=true;btn.textContent='Click again to delete';return}
    try{
      await api.deletePerspective(existing,version)
      emit('perspectives-changed',null)
      navigate('/')
    }catch(e){status.textContent=`Not deleted: ${e.message}`}
  }

  function draw(){
    replace(tree,groupBox(root,null,0))
    const meta=(name,control)=>h('label.field',h('span',name),control)
    const sections=Array.isArray(def.sections)&&def.sections
    replace(body,
      h('h1',ro?`How ${def.name || id} works`:existing?`Edit ${def.name}`:'New perspective'),
      ro&&h('p.builder-note',icon('perspective'),builtin?`${def.name} is a built-in view: these are its rules. Duplicate it to make your own.`:'Read-only.'),
      h('div.builder-meta',
        meta('Name',h('input',{name:'name',value:def.name,disabled:ro,required:true,oninput:e=>{def.name=e.target.value}})),
        meta('Icon',sel(null,v=>(def.icon=v),[...new Set([def.icon||'perspective',...ICONS])].map(n=>[n,n]),def.icon)),
        meta('Colour',h('input',{type:'color',disabled:ro,value:/^#[0-9a-f]{6}$/i.test(def.color)?def.color.toLowerCase():'#4a90d9',
          oninput:e=>{def.color=e.target.value.toUpperCase()}}))),
      h('section',h('h2','Show tasks where'),tree),
      sections&&h('section',h('h2','Sections'),h('p.hint','Each task goes in the first section it matches (edit them in .perspectives.json):'),
        h('ol.plain-list',sections.map(s=>h('li',s.name)))),
      h('section',h('h2','Order and grouping'),sortBox(),
        !sections&&h('label.field',h('span','Group by'),sel(null,v=>{if(v==='none')delete def.group_by;else def.group_by=v},GROUP_BY,def.group_by||'none'))),
      h('section',h('h2','Result'),count),
      h('div.actions',
        ro?h('button.btn.primary',{onclick:()=>{
          ro=builtin=false;existing=version=null
          def={...def,name:`${def.name} (copy)`}
          delete def.id
          draw()
        }},'Duplicate as a new perspective'):h('button.btn.primary',{onclick:save},existing?'Save':'Save perspective'),
        existing&&!ro&&h('button.btn.danger',{onclick:e=>remove(e.currentTarget)},'Delete'),
        (existing||builtin)&&h('a.btn',{href:builtin?'/'+id:'/perspective/'+encodeURIComponent(existing)},'Open the list')),
      status)
    touched()
  }

  replace(container,body)
  draw()
  Promise.allSettled([api.areas(),api.tags(),api.types()]).then(([a,t,ty])=>{
    const areas=a.value?.areas||[],flat=ts=>ts.flatMap(y=>[y.tag,...flat(y.children||[])])
    lists.area=areas.map(y=>y.area).filter(Boolean)
    lists.project=areas.flatMap(y=>(y.projects||[]).map(p=>p.project)).filter(Boolean)
    lists.tags=flat(t.value?.tags||[]).filter(Boolean)
    lists.type.push(...(ty.value?.types||[]).map(y=>y.type).filter(Boolean))
  })
  if(id)api.perspective(id).then(({perspective:p})=>{
    def=JSON.parse(JSON.stringify(p.definition||{}))
    def.name??=p.name
    root=rootOf(def.filter)
    version=p.version
    ro||=p.built_in
    builtin||=p.built_in
    existing=p.built_in?null:p.id
    draw()
  }).catch(e=>{status.textContent=`Cannot open "${id}": ${e.message}`})
}
