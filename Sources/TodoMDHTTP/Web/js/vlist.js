// A virtualised list for big views: fixed-height slots (group headers and tasks), only the visible
// ones (plus overscan) in the DOM, pages of tasks fetched on demand (fields=summary, offset, limit).
import{h}from'./dom.js'

const PAGE=200,OVER=12,pageOf=i=>i-i%PAGE

/**
 * opts: {doc (first page: total, groups with totals, tasks from offset 0), fetchPage(offset, limit) → doc,
 * row(task) → li, header(group) → element, scroller}. Returns a controller.
 */
export function vlist(host,opts){
  const{scroller}=opts
  // slot → element
  const live=new Map()
  let slots,tasks,slotOf,groups,rowH=0,fresh=new Set(),inflight=new Set(),timer=0,frame=0,need

  host.classList.add('vlist')
  // How far the scroller's top is below the list's top.
  const offsetTop=()=>scroller.getBoundingClientRect().top-host.getBoundingClientRect().top

  function layout(doc){
    groups=doc.groups
    const total=groups.reduce((n,g)=>n+(g.total??g.tasks.length),0)
    slots=[];slotOf=new Int32Array(total)
    let i=0
    groups.forEach((g,gi)=>{
      if(g.name)slots.push(-1-gi)
      for(let k=0;k<(g.total??g.tasks.length);k++){slotOf[i]=slots.length;slots.push(i++)}
    })
    const old=tasks||[]
    tasks=new Array(total)
    // Stale until refetched.
    for(let k=0;k<Math.min(old.length,total);k++)tasks[k]=old[k]
    fill(0,doc)
    host.style.height=slots.length*rowH+'px'
  }

  function fill(offset,doc){
    let i=offset
    for(const g of doc.groups)for(const t of g.tasks)tasks[i++]=t
    // Whole pages only (the first answer has 300 rows: the page 200–399 is still to load).
    for(let p=pageOf(offset);p<i;p+=PAGE)(p+PAGE<=i||i>=tasks.length)&&fresh.add(p)
  }

  function measure(){
    const sample=opts.row({id:'',title:'M',status:'todo',tags:[],priority:'none'})
    sample.classList.add('measure')
    host.append(sample)
    rowH=sample.offsetHeight||44
    sample.remove()
    host.style.setProperty('--vrow-h',rowH+'px')
  }

  function key(s){
    if(s<0)return'g'+s
    const t=tasks[s]
    return t?t.id+'\0'+t.version:'p'
  }

  // max: rows built at most (scrolling: no long frame); the rest keep their old element or a
  // placeholder until the next frame. Visible slots first, then the overscan above.
  function draw(max){
    frame=0
    const top=offsetTop(),v=Math.min(slots.length,Math.max(0,Math.floor(top/rowH)))
    const a=Math.max(0,v-OVER)
    const b=Math.min(slots.length,Math.ceil((top+scroller.clientHeight)/rowH)+OVER)
    for(const[s,el]of live)if(s<a||s>=b){el.remove();live.delete(s)}
    const want=new Set()
    let last=0,made=0
    for(let j=a;j<b;j++){
      const s=j<a+b-v?v+j-a:j-b+v,slot=slots[s],el=live.get(s),t=tasks[slot]
      let k=key(slot)
      if(slot>=0)want.add(pageOf(slot)),last=Math.max(last,slot)
      if(el&&el.vkey===k)continue
      if(t&&made++>=max){if(el)continue;k='p'}
      const n=slot<0?opts.header(groups[-1-slot]):k!='p'?opts.row(t):h('li.task-row.placeholder',{'aria-hidden':'true'})
      n.vkey=k
      n.style.transform=`translateY(${s*rowH}px)`
      if(el)el.replaceWith(n);else host.append(n)
      live.set(s,n)
    }
    // The pages shown and, half a page ahead, the next one; throttled (not debounced: a steady
    // scroll must not starve them), load() skips pages loaded or on their way.
    need=want.add(pageOf(Math.min(last+PAGE/2,tasks.length-1)))
    timer||=setTimeout(()=>{timer=0;need.forEach(load)},60)
    if(made>max)schedule()
  }

  async function load(offset){
    if(inflight.has(offset)||fresh.has(offset))return
    inflight.add(offset)
    try{
      const doc=await opts.fetchPage(offset,PAGE)
      fill(offset,doc)
      fresh.add(offset)
      schedule()
    // Offline: live.js marks the list stale.
    }catch{}finally{inflight.delete(offset)}
  }

  const schedule=()=>{if(!frame)frame=requestAnimationFrame(()=>draw(16))}
  scroller.addEventListener('scroll',schedule)
  addEventListener('resize',schedule)

  measure()
  layout(opts.doc)
  draw()

  return{
    /** A new first page (live change): keep the scroll position, refetch what shows. */
    update(doc){fresh=new Set();layout(doc);draw()},
    destroy(){scroller.removeEventListener('scroll',schedule);removeEventListener('resize',schedule)},
    /** Task ids in order as far as loaded; index → task. */
    count:()=>tasks.length,
    indexOf:id=>tasks.findIndex(t=>t&&t.id===id),
    /** Brings task i into view and returns its row (rendered synchronously). */
    reveal(i){
      const y=slotOf[i]*rowH,top=offsetTop()
      if(y<top+rowH)scroller.scrollTop-=top+rowH-y
      else if(y+rowH>top+scroller.clientHeight)scroller.scrollTop+=y+rowH-top-scroller.clientHeight
      draw()
      return live.get(slotOf[i])||null
    },
  }
}
