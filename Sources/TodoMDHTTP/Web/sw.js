// The service worker: keeps the app shell so the app opens offline. Pages (navigations) go to the
// network first and fall back to the cached shell; static files come from the cache and are
// refreshed in the background. /api/* is never cached: data is always the server's, or an error.
// The capture app (/capture) is a page of its own: it opens from the cache at once, online or not, so
// typing can start before the network answers. While this worker is not running, the browser serves
// the capture files from the cache itself (static routes: no worker start-up on a launch); the page
// then asks for them to be refreshed ('refresh-capture').
// Bump CACHE when the shipped files change.
const CACHE='todomd-shell-v8'
// The shell: the pages and every file the server ships (it lists them at /app-files.json).
const SHELL=['/','/capture','/manifest.webmanifest']
const CAPTURE=['/capture','/capture.webmanifest','/css/tokens.css','/css/capture.css','/js/capture.js','/js/capture/*']

self.addEventListener('install',event=>{
  try{
    event.addRoutes?.(CAPTURE.map(pathname=>({condition:{urlPattern:new URLPattern({pathname}),runningStatus:'not-running'},source:'cache'})))
  }catch{/* no static routing: the fetch handler serves them */}
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

// The capture page, once loaded: fetch its files again for the next launch.
self.addEventListener('message',event=>{
  if(event.data!=='refresh-capture')return
  const mine=path=>CAPTURE.some(p=>p.endsWith('*')?path.startsWith(p.slice(0,-1)):path===p)
  event.waitUntil(caches.open(CACHE).then(async cache=>Promise.all((await cache.keys()).map(r=>new URL(r.url).pathname).filter(mine)
    .map(url=>fetch(url,{cache:'no-cache'}).then(res=>res.ok&&cache.put(url,res)).catch(()=>null)))))
})

const skip=url=>url.origin!==self.location.origin||/^\/(api\/|login$|logout$|sw\.js$)/.test(url.pathname)

self.addEventListener('fetch',event=>{
  const req=event.request
  if(req.method!=='GET')return
  const url=new URL(req.url)
  if(skip(url))return; // straight to the network, never stored

  if(req.mode==='navigate'&&url.pathname==='/capture'){
    event.respondWith((async()=>{
      const cache=await caches.open(CACHE)
      const fresh=fetch(req).then(res=>{
        if(res.ok&&(res.headers.get('Content-Type')||'').includes('text/html'))cache.put('/capture',res.clone()).catch(()=>{})
        return res
      })
      const hit=await cache.match('/capture')
      if(hit){
        event.waitUntil(fresh.catch(()=>null))
        return hit
      }
      return fresh.catch(()=>new Response('todo.md Capture is offline.',{status:503,headers:{'Content-Type':'text/plain'}}))
    })())
    return
  }

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
