// The first list request of a built-in view (or Today: home, a task) and the sidebar's overview,
// started before the app's modules load (no imports). Mirrors router.js parse and list.js
// sourceFor/fetchDoc; list.js (if the URL matches) and sidebar.js take them once.
// credentials: same-origin is fetch's default.
const get=u=>fetch(u,{headers:{Accept:'application/json'},cache:'no-store'}).then(r=>r.ok&&r.json()).catch(()=>0),
k=location.pathname.split('/')[1],v=!k?innerWidth>700&&'today':/^(inbox|today|upcoming|anytime|next|someday|flagged|logbook)$/.test(k)?k:k=='task'&&'today',
url=`/api/views/${v}?fields=summary&limit=300`
if(v)self.firstLoad={url,promise:get(url)}
self.firstOv=get('/api/overview')
