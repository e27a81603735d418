// The service worker: keeps the app shell so the app opens offline. Pages (navigations) go to the
// network first and fall back to the cached shell; static files come from the cache and are
// refreshed in the background. /api/* is never cached: data is always the server's, or an error.
// Bump CACHE when the shipped files change.
const CACHE='todomd-shell-v4'
// The shell: the page and every file the server ships (it lists them at /app-files.json).
const SHELL=['/','/manifest.webmanifest']

self.addEventListener('install',event=>{
  event.waitUntil((async()=>{
    const cache=await caches.open(CACHE)
    const files=await fetch('/app-files.json',{cache:'no-cache'}).then(r=>r.json()).then(d=>d.files).catch(()=>[])
    // One by one: a file that is missing must not keep the rest from being cached.
    await Promise.all([...SHELL,...files.filter(f=>f!=='/sw.js')].map(url=>fetch(url,{cache:'no-cache',credentials:'same-origin'})
      .then(res=>(res.ok?cache.put(url,res):null)).catch(()=>null)))
    await self.skipWaiting()
  })())
})

self.addEventListener('activate',event=>{
  event.waitUntil((async()=>{
    for(const key of await caches.keys())if(key!==CACHE)await caches.delete(key)
    await self.clients.claim()
  })())
})

const skip=url=>url.origin!==self.location.origin||/^\/(api\/|login$|logout$|sw\.js$)/.test(url.pathname)

self.addEventListener('fetch',event=>{
  const req=event.request
  if(req.method!=='GET')return
  const url=new URL(req.url)
  if(skip(url))return; // straight to the network, never stored

  if(req.mode==='navigate'){
    event.respondWith((async()=>{
      try{
        const res=await fetch(req)
        if(res.ok&&(res.headers.get('Content-Type')||'').includes('text/html')){
          const copy=res.clone()
          event.waitUntil(caches.open(CACHE).then(c=>c.put('/',copy)))
        }
        return res
      }catch{
        return(await caches.match('/'))||new Response('todo.md is offline.',{status:503,headers:{'Content-Type':'text/plain'}})
      }
    })())
    return
  }

  event.respondWith((async()=>{
    const cache=await caches.open(CACHE)
    const hit=await cache.match(req,{ignoreSearch:true})
    const refresh=fetch(req).then(res=>{
      if(res.ok&&res.type==='basic')cache.put(req,res.clone()).catch(()=>{})
      return res
    })
    if(hit){
      event.waitUntil(refresh.catch(()=>null))
      return hit
    }
    return refresh
  })())
});
