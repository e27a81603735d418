// Task rows: <li class="task-row" data-id> with a round checkbox, title, secondary text and metadata.
// Click title → rename inline; click row → select; double-click / Enter → detail; checkbox → complete.
import{h,icon,$$,reducedMotion}from'./dom.js'
import{api}from'./api.js'
import{emit}from'./bus.js'
import{dayLabel,daysBetween,minutesLabel}from'./dates.js'
import{toast}from'./toast.js'
import{badge}from'./conflicts.js'

let sel=null
export const selectedRow=()=>sel&&document.querySelector(`.task-row[data-id="${CSS.escape(sel)}"]`)
export const selectedTaskId=()=>sel
export const isClosed=t=>t.status=='done'||t.status=='cancelled'
/** Announces a write: lists, the sidebar and the detail refetch. */
export const changed=(kind,id)=>emit('tasks-changed',{ids:id?[id]:undefined,kind})

// The selected row: class, aria-current and the roving tabindex.
const mark=(li,on)=>{
  li.classList.toggle('selected',on)
  li.tabIndex=on?0:-1
  li.ariaCurrent=on||null
}

/** Selects a row (roving tabindex, aria-current). */
export function select(li,focus=true){
  $$('.task-row.selected').forEach(el=>mark(el,false))
  sel=li?.dataset.id??null
  if(!li)return
  mark(li,true)
  if(focus)li.focus({preventScroll:true})
  li.scrollIntoView({block:'nearest'})
}

const meta=(cls,ic,text,title)=>h('span',{class:cls,title},ic&&icon(ic),text&&h('span',text))

/** A row for task `t`. ctx: {today, project (hide the pill of the list's own project), trash}. */
export function taskRow(t,ctx){
  const closed=isClosed(t),today=ctx.today
  const due=t.due&&daysBetween(today,t.due),sched=t.scheduled&&daysBetween(today,t.scheduled)
  const note=t.line!=null&&t.path.replace(/\.md$/,''),cl=t.checklist?.total&&t.checklist
  // A subtask sits under its parent (depth), or alone naming it (parent_title).
  const li=h('li',{class:['task-row',`prio-${t.priority}`,`st-${t.status}`,t.waits_for&&'waiting'],dataset:{id:t.id,version:t.version||'',depth:Math.min(t.depth||0,4)}},
    h('div.row-inner',
      h('button.checkbox',{role:'checkbox','aria-checked':String(closed),disabled:ctx.trash,'aria-label':`${closed?'Reopen':'Complete'} ${t.title}`},
        icon(t.status=='cancelled'?'x':'check')),
      h('div.row-text',
        h('div.title-line',h('span.title',t.title),badge(t),cl&&h('span',{role:'img','aria-label':`Checklist ${cl.done} of ${cl.total} done`,class:['cl-badge',cl.done==cl.total&&'cl-done']},`☑ ${cl.done}/${cl.total}`),
          t.flagged&&meta('flag','flagged',null,'Flagged'),
          t.recurrence&&meta('repeat','repeat',null,t.recurrence_text||'Repeats')),
        t.description&&h('div.desc',t.description),
        note&&meta('note-path','note',note,`Checkbox in ${t.path}`),
        t.parent_title&&!t.depth&&h('div.desc.parent-of',`↳ ${t.parent_title}`)),
      h('div.meta',
        t.problems?.length>0&&meta('problem','warning',null,t.problems.join('\n')),
        t.blocked_by_tasks&&meta('blocked','lock',t.blocked_by_tasks[0],`Blocked by ${t.blocked_by_tasks.join(', ')}`),
        t.waits_for&&meta('blocked','lock',null,`Waits for ${t.waits_for} (sequential project)`),
        t.source&&t.source!='user'&&meta('source','robot',t.source,`Added by ${t.source}`),
        t.project&&t.project!=ctx.project&&meta('pill',null,t.project,`Project ${t.project}`),
        (t.tags||[]).slice(0,2).map(tag=>meta('tag',null,tag)),
        t.estimated_minutes!=null&&meta('est','clock',minutesLabel(t.estimated_minutes),'Estimate'),
        !closed&&[
          t.scheduled&&meta(sched<=0?'sched now':'sched','today',sched<=0?null:dayLabel(t.scheduled,today),`Scheduled ${t.scheduled}`),
          t.due&&meta(due<0?'due overdue':due===0?'due today':'due','calendar',dayLabel(t.due,today),`Due ${t.due}`)],
        ctx.trash&&h('button.restore','Restore'))))
  mark(li,t.id===sel)
  li.task=t
  return li
}

export const wait=ms=>new Promise(r=>setTimeout(r,ms))

/** Completes (or reopens) a row's task: the circle fills, a short pause, the row leaves; toast with Undo. */
export async function toggleDone(li){
  const t=li.task,cl=li.classList
  if(!t||cl.contains('completing'))return
  const reopen=isClosed(t),cb=li.querySelector('.checkbox')
  const pause=ms=>wait(reducedMotion()||document.documentElement.dataset.complete=='instant'?0:ms)
  cl.add(reopen?'reopening':'completing')
  cb.setAttribute('aria-checked',!reopen)
  try{
    const[r]=await Promise.all([reopen?api.act(t.id,'reopen',{},t.version):completeTask(t),pause(450)])
    if(!r)return undone()
    if(!reopen&&!li.closest('.vlist')){
      cl.add('leaving')
      await pause(320)
      li.remove()
    }
    toast(reopen?'Reopened':'Completed',{undo:true})
    changed('done',t.id)
  }catch(e){undone();toast(e.message)}
  function undone(){cl.remove('completing','reopening');cb.setAttribute('aria-checked',reopen)}
}

/** Completes task t (with `version`); a parent with open subtasks asks first and "Complete all" sends
 *  with_children. Resolves to the API's answer, or null when the user cancels. */
export async function completeTask(t,version=t.version){
  try{return await api.act(t.id,'done',{},version)}
  catch(e){
    if(e.code!='open_subtasks')throw e
    if(!await(await import('./menu.js')).confirmChildren(t.title,e.body.error.subtasks||[]))return null
    return api.act(t.id,'done',{with_children:true},version)
  }
}

/** Renames in place: Enter saves (with the row's version), Escape or a blank title reverts. */
export function editTitle(li){
  const t=li.task,span=li.querySelector('.title')
  // A checkbox line is renamed in its note.
  if(!t||!span||t.line!=null)return
  const input=h('input.title-edit',{value:t.title,'aria-label':'Title',enterkeyhint:'done'})
  span.replaceWith(input)
  input.focus()
  let done=false
  const finish=async save=>{
    if(done)return
    done=true
    const v=input.value.trim()
    input.replaceWith(span)
    li.focus({preventScroll:true})
    if(!save||!v||v==t.title)return
    span.textContent=v
    try{
      await api.patch(t.id,{title:v},t.version)
      changed('modified',t.id)
    }catch(e){span.textContent=t.title;toast(e.message)}
  }
  input.onkeydown=e=>{
    e.stopPropagation()
    if(e.key=='Enter'||e.key=='Escape'){e.preventDefault();finish(e.key=='Enter')}
  }
  input.onblur=()=>finish(true)
}

export const openTask=li=>li?.task&&emit('open-task',li.task.id)

let pointer='mouse'
/** Click handling for every row inside `root`. */
export function bindRows(root){
  root.addEventListener('pointerdown',e=>{pointer=e.pointerType})
  root.addEventListener('click',async e=>{
    const li=e.target.closest('.task-row'),on=s=>e.target.closest(s)
    if(!li||li.classList.contains('dragged'))return
    if(on('.checkbox'))return toggleDone(li)
    if(on('.restore')){
      try{await api.restore(li.task.path);changed('restored');toast('Restored',{undo:true})}catch(err){toast(err.message)}
      return
    }
    if(on('input'))return
    if(on('.title')){select(li,false);return editTitle(li)}
    if(pointer!='mouse')return openTask(li)
    select(li)
  })
  root.addEventListener('dblclick',e=>{
    const li=e.target.closest('.task-row')
    if(li&&!e.target.closest('button,input'))openTask(li)
  })
}
