// The HTTP API client: the web app's only way to the vault (no private back door). Every call
// returns parsed JSON or throws ApiError; a network failure throws ApiError with status 0 and
// announces 'offline' on the bus (and 'online' once a call gets through again).
import{emit}from'./bus.js'

export class ApiError extends Error{
  /** status: HTTP status (0: unreachable); code: the API's error code; body: its JSON. */
  constructor(status,code,message,body=null){
    super(message)
    this.status=status
    this.code=code
    this.body=body
  }
  /** The `edit_conflict` details: {path, current_version, fields: [{key, read, on_disk}]}. */
  get conflict(){return this.body?.error?.conflict??null}
}

let online=true
function setOnline(value){
  if(online===value)return
  online=value
  emit(value?'online':'offline')
}

/** A task id as one path segment (as the server's TaskRoutes.encode does). */
export const encodeId=id=>encodeURIComponent(id)

function queryString(params={}){
  const q=new URLSearchParams()
  for(const[k,v]of Object.entries(params)){
    if(v===undefined||v===null||v==='')continue
    for(const item of Array.isArray(v)?v:[v])q.append(k,String(item))
  }
  const s=q.toString()
  return s?`?${s}`:''
}

/** One request. `version` becomes If-Match (the version the caller read). */
export async function request(method,path,{body,version,params,signal}={}){
  const headers={Accept:'application/json'}
  if(body!==undefined)headers['Content-Type']='application/json'
  if(version)headers['If-Match']=`"${version}"`
  let res
  try{
    res=await fetch(path+queryString(params),{
      method,headers,signal,credentials:'same-origin',cache:'no-store',
      body:body===undefined?undefined:JSON.stringify(body),
    })
  }catch(e){
    if(e.name==='AbortError')throw e
    setOnline(false)
    throw new ApiError(0,'offline','The todo.md server cannot be reached; retrying.')
  }
  setOnline(true)
  const text=await res.text()
  let json=null
  try{json=text?JSON.parse(text):null}catch{/* not JSON */}
  if(!res.ok){
    if(res.status===401)emit('unauthorized')
    const err=json?.error
    throw new ApiError(res.status,err?.code??'http_'+res.status,err?.message??(text||res.statusText),json)
  }
  return json
}

const get=(path,params,opts)=>request('GET',path,{params,...opts})

export const api={
  // Reading
  /** Counts for the sidebar: views (built-in, saved, perspectives), areas/projects, tags, types. */
  overview:()=>get('/api/overview'),
  /** A view, perspective or query by name. opts: {area, project, tag, offset, limit, fields:'summary'}. */
  view:(name,opts={},signal)=>get(`/api/views/${encodeURIComponent(name)}`,opts,{signal}),
  task:id=>get(`/api/tasks/${encodeId(id)}`),
  search:(q,opts={})=>get('/api/search',{q,...opts}),
  /** Runs a query: {query: "text"} or {filter: {tree}}, plus sort/group_by. */
  /** params: a window ({limit: 5, fields: 'summary'}: the count and the first five rows). */
  query:(body,params)=>request('POST','/api/query',{body,params}),
  parse:(text,extra={})=>request('POST','/api/parse',{body:{text,...extra}}),
  tags:(all=false)=>get('/api/tags',{all:all?1:undefined}),
  areas:()=>get('/api/areas'),
  types:()=>get('/api/types'),
  items:(type,tags)=>get(`/api/items/${encodeURIComponent(type)}`,{tag:tags}),

  // Writing (each passes the version it read)
  create:draft=>request('POST','/api/tasks',{body:draft}),
  /** Sets fields ({due: "friday", project: null …}); null clears. */
  patch:(id,fields,version)=>request('PATCH',`/api/tasks/${encodeId(id)}`,{body:fields,version}),
  /** done ({with_children}) | reopen | cancel | defer ({date}) | flag | unflag */
  act:(id,action,body={},version)=>request('POST',`/api/tasks/${encodeId(id)}/${action}`,{body,version}),
  /** Manual order: put `id` before or after `other` in `view` (.order.json). */
  move:(id,{before,after,view})=>request('POST',`/api/tasks/${encodeId(id)}/move`,{body:{before,after,view}}),
  /** Subtasks: makes `id` a subtask of `parent` (a task id or reference; null: top-level again). */
  nest:(id,parent,version)=>request('POST',`/api/tasks/${encodeId(id)}/nest`,{body:{parent},version}),
  /** Renames or moves a task file (a file name, or a vault path); links to it follow. */
  rename:(id,name,version)=>request('POST',`/api/tasks/${encodeId(id)}/rename`,{body:{name},version}),
  remove:(id,version)=>request('DELETE',`/api/tasks/${encodeId(id)}`,{version}),
  /** Several writes as ONE undoable action: ops [{id, action: set|done|reopen|cancel|defer|flag|unflag|delete, fields?, date?, version?}]. */
  batch:(ops,label)=>request('POST','/api/batch',{body:{label,ops}}),

  // Undo
  undo:()=>request('POST','/api/undo',{body:{}}),

  // Sync conflicts, version history, the audit log (issue 16)
  conflicts:()=>get('/api/conflicts'),
  /** {task, take: mine|theirs} or {task, fields: {key: mine|theirs|value}}. */
  resolve:body=>request('POST','/api/conflicts/resolve',{body}),
  /** A task's stored versions (newest first); params {version: 'v12'}: that version's file. */
  history:(id,params)=>get(`/api/tasks/${encodeId(id)}/history`,params),
  /** Brings version `v` back; `read`: the task's version (If-Match). */
  restoreVersion:(id,v,read)=>request('POST',`/api/tasks/${encodeId(id)}/restore`,{body:{version:v},version:read}),
  /** The audit log, oldest first: params {task, limit, since, source, by}. */
  log:params=>get('/api/log',params),

  // The quarantine (issue 16): the files held for review; approve|reject {files: [path…]} or {all: true}
  quarantine:()=>get('/api/quarantine'),
  // Import and export (issue 17): the formats; an import (dry_run: the preview) of {content, name, format, area, project, map}
  formats:()=>get('/api/formats'),
  importFile:body=>request('POST','/api/import',{body}),
  decide:(how,body)=>request('POST','/api/quarantine/'+how,{body}),

  // Trash
  trash:()=>get('/api/trash'),
  restore:path=>request('POST',`/api/trash/${path.split('/').map(encodeURIComponent).join('/')}/restore`,{body:{}}),
  emptyTrash:()=>request('DELETE','/api/trash'),

  // Perspectives (.perspectives.json)
  perspectives:()=>get('/api/perspectives'),
  perspective:id=>get(`/api/perspectives/${encodeURIComponent(id)}`),
  createPerspective:p=>request('POST','/api/perspectives',{body:p}),
  updatePerspective:(id,p,version)=>request('PUT',`/api/perspectives/${encodeURIComponent(id)}`,{body:p,version}),
  deletePerspective:(id,version)=>request('DELETE',`/api/perspectives/${encodeURIComponent(id)}`,{version}),

  // Theme (.theme.json)
  theme:()=>get('/api/theme'),
  saveTheme:(theme,version)=>request('PUT','/api/theme',{body:theme,version}),
};
