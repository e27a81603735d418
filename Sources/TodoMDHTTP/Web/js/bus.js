// A tiny event bus: modules talk through named events instead of importing each other.
//
// Events used across modules (payloads in parentheses):
//   'route' (route object)           the URL changed; router.js emits it
//   'tasks-changed' ({ids, kind})     tasks were written here or elsewhere; views refetch
//   'live' ({kind, data})             one /api/events event (added|modified|removed|problem|alert|held|conflict)
//   'online' / 'offline'              the server became reachable / unreachable
//   'open-task' (id)                  show a task's detail
//   'quick-entry' ({prefill})         open quick entry (prefill: {project, area, tags, scheduled})
//   'toast' ({message, undo?: bool})  show a toast; undo:true offers Undo (POST /api/undo)
//   'overview' (document)             GET /api/overview answered (sidebar.js): counts, conflicts, quarantine
//   'conflicts' (list)                the open sync conflicts changed (conflicts.js)
//   'theme' (resolved theme)          the theme changed
const listeners=new Map()

export function on(name,fn){
  if(!listeners.has(name))listeners.set(name,new Set())
  listeners.get(name).add(fn)
  return()=>listeners.get(name).delete(fn)
}

export function emit(name,data){
  for(const fn of[...(listeners.get(name)||[])]){
    try{fn(data)}catch(e){console.error(`bus ${name}:`,e)}
  }
}
