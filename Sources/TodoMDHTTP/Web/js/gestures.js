// Pointer gestures on rows: drag to reorder (api.move → .order.json), onto the middle of another
// row to make it a subtask (api.nest) or onto a sidebar entry (api.patch), swipe right to complete
// and left to defer on touch, long-press / right-click menu.
import{h,icon}from'./dom.js'
import{api}from'./api.js'
import{toggleDone,select,changed}from'./row.js'
import{taskMenu,openMenu,deferItems,nestTask}from'./menu.js'
import{dropTarget}from'./sidebar.js'
import{toast}from'./toast.js'

const SWIPE=80
let dragging=false
addEventListener('touchmove',e=>dragging&&e.preventDefault(),{passive:false})

/** Binds gestures on rows inside root; orderKey() gives the list's .order.json key (null: not reorderable). */
export function bindGestures(root,orderKey){
  root.addEventListener('contextmenu',e=>{
    const li=e.target.closest('.task-row')
    if(!li?.task||e.target.closest('input'))return
    e.preventDefault()
    select(li,false)
    taskMenu(li.task,{x:e.clientX,y:e.clientY})
  })

  root.addEventListener('pointerdown',e=>{
    const li=e.target.closest('.task-row')
    if(!li?.task||e.button||e.target.closest('button,input,a'))return
    const touch=e.pointerType!='mouse',cl=li.classList,x0=e.clientX,y0=e.clientY,inner=li.querySelector('.row-inner')
    const css=(el,v)=>el.style.transform=v||''
    let mode=null,pressed=false,over=null,nest=null,target=null,siblings=[],mids,rects,kids,rh=0
    const press=touch&&setTimeout(()=>{pressed=true;cl.add('pressed');navigator.vibrate?.(10)},450)
    const on=add=>[['pointermove',move],['pointerup',up],['pointercancel',cleanup]].forEach(([n,f])=>root[(add?'add':'remove')+'EventListener'](n,f))

    const move=ev=>{
      const dx=ev.clientX-x0,dy=ev.clientY-y0
      if(!mode){
        if(Math.hypot(dx,dy)<6)return
        clearTimeout(press)
        if(touch&&!pressed){
          if(Math.abs(dx)<=Math.abs(dy)*1.5)return cleanup()
          mode='swipe'
          li.setPointerCapture(e.pointerId)
          li.prepend(h('span.swipe-icon',{'aria-hidden':'true'},icon(dx>0?'check':'calendar')))
        }else{
          mode='drag';dragging=true
          li.setPointerCapture(e.pointerId)
          cl.add('lifted')
          siblings=[...li.parentElement.children].filter(s=>s.classList.contains('task-row'))
          rh=li.getBoundingClientRect().height
          rects=new Map(siblings.map(x=>[x,x.getBoundingClientRect()]))
          mids=new Map(siblings.map(x=>{const r=rects.get(x);return[x,r.top+r.height/2]}))
          // Its own subtasks (the deeper rows right after it) cannot be its parent.
          const d=+li.dataset.depth;kids=[]
          for(let x=li.nextElementSibling;x&&+x.dataset.depth>d;x=x.nextElementSibling)kids.push(x)
        }
      }
      if(mode=='swipe'){
        css(inner,`translateX(${dx}px)`)
        cl.toggle('swipe-right',dx>0)
        cl.toggle('swipe-left',dx<0)
        cl.toggle('armed',Math.abs(dx)>SWIPE)
        return
      }
      const drop=dropTarget(ev.clientX,ev.clientY)
      if(drop!=over){over?.classList.remove('drop-over');over=drop;over?.classList.add('drop-over')}
      // Part the others: rows between the old and the new place shift by the lifted row's height.
      const others=siblings.filter(x=>x!=li),i=siblings.indexOf(li)
      // The middle half of another row (where it was before the others parted) nests under it; its top
      // and bottom quarters reorder. While nesting, nothing parts: the target stays under the pointer.
      const y=ev.clientY,hit=!over&&others.find(x=>{const r=rects.get(x);return y>r.top+r.height/4&&y<r.bottom-r.height/4})
      const n=hit&&!kids.includes(hit)&&hit.task?.line==null&&hit.dataset.id!=li.task.parent_id?hit:null
      if(n!=nest){nest?.classList.remove('nest-over');nest=n;nest?.classList.add('nest-over')}
      // Nesting, the lifted row slips below the target, indented as the subtask it will be (the target stays readable).
      css(li,nest?`translate(24px,${dy+rh*.7}px) scale(.97)`:`translateY(${dy}px) scale(1.02)`)
      const j=over||nest?i:others.filter(x=>mids.get(x)<y).length
      target=j==i?null:j<others.length?{before:others[j]}:{after:others.at(-1)}
      others.forEach((x,k)=>{
        const shift=k>=j&&k<i?rh:k<j&&k>=i?-rh:0
        css(x,shift&&`translateY(${shift}px)`)
      })
    }
    const cleanup=()=>{
      clearTimeout(press)
      dragging=false
      cl.remove('pressed','lifted','swipe-left','swipe-right','armed');
      [...siblings,li,inner].forEach(x=>css(x))
      li.querySelector('.swipe-icon')?.remove()
      over?.classList.remove('drop-over')
      nest?.classList.remove('nest-over')
      on(false)
    }
    const up=async ev=>{
      const m=mode,dx=ev.clientX-x0,drop=over,under=nest,tgt=target,t=li.task
      cleanup()
      if(!m&&pressed)return taskMenu(t,{x:ev.clientX,y:ev.clientY})
      if(m=='swipe'){
        if(dx>SWIPE)toggleDone(li)
        else if(dx<-SWIPE)openMenu(deferItems(t),{x:ev.clientX-180,y:ev.clientY},'Defer')
        return
      }
      if(m!='drag')return
      cl.add('dragged')
      setTimeout(()=>cl.remove('dragged'))
      try{
        if(drop){
          await api.patch(t.id,drop.drop(t),t.version)
          toast(`Moved to ${drop.querySelector('.label').textContent}`,{undo:true})
          changed('modified',t.id)
        }else if(under)await nestTask(t,under.dataset.id,under.task.title)
        else if(tgt){
          const key=orderKey(),{before,after}=tgt,other=before||after
          if(!key)return toast('This list is sorted for you; drag onto a list in the sidebar to move a task.')
          before?other.before(li):other.after(li)
          await api.move(t.id,{before:before?.dataset.id,after:after?.dataset.id,view:key})
          changed('moved',t.id)
        }
      }catch(err){toast(err.message);changed()}
    }
    on(true)
  })
}
