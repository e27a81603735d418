// Keyboard: j/k or arrows select, Enter opens, Space/x completes, e renames, N/Q quick entry,
// Cmd/Ctrl-K palette, Cmd/Ctrl-Z undo, ? shortcuts, Escape closes.
import{h,$,$$}from'./dom.js'
import{emit}from'./bus.js'
import{route,closeTask}from'./router.js'
import{moveSelection}from'./list.js'
import{selectedRow,toggleDone,editTitle,openTask,select}from'./row.js'
import{taskMenu}from'./menu.js'
import{undoLast}from'./toast.js'

const SHORTCUTS=[['j / ↓','Next task'],['k / ↑','Previous task'],['Enter','Open task'],['Space / x','Complete'],
  ['e','Rename'],['m','Actions menu'],['n / q','New task'],['⌘/Ctrl K','Command palette and search'],
  ['⌘/Ctrl Z','Undo'],['?','This list'],['Esc','Close']]

function shortcuts(){
  const d=h('dialog.shortcuts',{'aria-labelledby':'kb-title'},
    h('h2#kb-title','Keyboard shortcuts'),
    h('dl',SHORTCUTS.map(([k,v])=>[h('dt',h('kbd',k)),h('dd',v)])),
    h('div.dialog-actions',h('button.btn',{onclick:()=>d.close()},'Close')))
  d.addEventListener('close',()=>d.remove())
  $('#overlays').append(d)
  d.showModal()
}

function sidebarArrow(e){
  const items=$$('#sidebar .nav-item').filter(a=>a.offsetParent)
  const i=items.indexOf(document.activeElement)
  items[Math.max(0,Math.min(items.length-1,i+(e.key=='ArrowDown'?1:-1)))]?.focus()
  e.preventDefault()
}

export function initKeys(){
  document.addEventListener('keydown',e=>{
    if(e.defaultPrevented||e.isComposing)return
    const k=e.key,mod=e.metaKey||e.ctrlKey
    const typing=e.target.closest?.('input, textarea, select, [contenteditable=""], [contenteditable="true"]')
    if(mod&&k.toLowerCase()=='k'){e.preventDefault();emit('palette');return}
    if(mod&&k.toLowerCase()=='z'&&!e.shiftKey&&!typing){e.preventDefault();undoLast();return}
    if(typing||mod||e.altKey||$('dialog[open], .menu',$('#overlays'))||e.target.closest('#overlays, #detail'))return
    const onControl=e.target.closest('button, a, summary')
    if(e.target.closest('#sidebar')&&(k=='ArrowDown'||k=='ArrowUp'))return sidebarArrow(e)
    const li=selectedRow()
    switch(k){
      case'j':case'ArrowDown':moveSelection(1);break
      case'k':case'ArrowUp':moveSelection(-1);break
      case'Enter':if(onControl||!li)return;openTask(li);break
      case' ':case'x':if((onControl&&k==' ')||!li)return;toggleDone(li);break
      case'e':case'F2':if(!li)return;editTitle(li);break
      case'm':case'ContextMenu':{
        if(!li)return
        const r=li.getBoundingClientRect()
        taskMenu(li.task,{x:r.left+40,y:r.bottom})
        break
      }
      case'n':case'N':case'q':case'Q':emit('quick-entry',{});break
      case'?':shortcuts();break
      case'Escape':
        if(route().kind=='task')closeTask();else if(li)select(null)
        break
      default:return
    }
    e.preventDefault()
  })
}
