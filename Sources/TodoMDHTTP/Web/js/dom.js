// DOM helpers. User text only ever becomes a Text node (never HTML): `h` turns every string
// child into a text node and refuses attribute names that would run code.

const SVG='http://www.w3.org/2000/svg'

/**
 * Creates an element: h('button.primary', {type: 'button', onclick: fn, dataset: {id}}, 'Save').
 * `tag` may carry `.class` and `#id` suffixes. Attributes: `class`, `dataset` (object), `style`
 * (object of custom properties / properties, set through CSSOM so the CSP allows it), `on<event>`
 * (listener), booleans (present when true), anything else through setAttribute.
 * Children: strings/numbers (text), nodes, arrays, null/false (skipped).
 */
export function h(tag,attrs,...children){
  const[name,...rest]=tag.split(/(?=[.#])/)
  const el=document.createElement(name||'div')
  for(const part of rest){
    if(part[0]==='.')el.classList.add(part.slice(1))
    else el.id=part.slice(1)
  }
  if(attrs&&(typeof attrs!=='object'||attrs instanceof Node||Array.isArray(attrs))){
    children.unshift(attrs)
    attrs=null
  }
  if(attrs)setAttrs(el,attrs)
  append(el,children)
  return el
}

/** Sets attributes as `h` does. */
export function setAttrs(el,attrs){
  for(const[k,v]of Object.entries(attrs)){
    if(v===undefined||v===null||v===false)continue
    if(k==='class')el.className=Array.isArray(v)?v.filter(Boolean).join(' '):v
    else if(k==='dataset')Object.assign(el.dataset,v)
    else if(k==='style'){
      for(const[p,val]of Object.entries(v)){
        if(val===undefined||val===null)continue
        if(p.startsWith('--')||p.includes('-'))el.style.setProperty(p,String(val))
        else el.style[p]=val
      }
    }else if(k.startsWith('on')&&typeof v==='function')el.addEventListener(k.slice(2),v)
    else if(k==='text')el.textContent=String(v)
    else if(k==='value')el.value=v
    else if(k==='checked'||k==='disabled'||k==='selected'||k==='hidden')el[k]=Boolean(v)
    else if(k==='srcdoc'||/HTML$/.test(k)||/^on/i.test(k))throw new Error(`refused attribute ${k}`)
    else el.setAttribute(k,v===true?'':String(v))
  }
}

/** Appends children (text for strings). */
export function append(el,children){
  for(const c of children.flat(Infinity)){
    if(c===null||c===undefined||c===false||c===true)continue
    el.append(c instanceof Node?c:document.createTextNode(String(c)))
  }
  return el
}

/** Removes every child. */
export function clear(el){
  while(el.firstChild)el.firstChild.remove()
  return el
}

/** Replaces the children of `el`. */
export function replace(el,...children){
  clear(el)
  return append(el,children)
}

/** `document.querySelector` shorthand. */
export const $=(sel,root=document)=>root.querySelector(sel)
export const $$=(sel,root=document)=>[...root.querySelectorAll(sel)]

// Icons: path data only (built with createElementNS; no markup strings).
const ICONS={
  inbox:'M3 13h5l1.5 2.5h5L16 13h5M5 5h14l2 8v6H3v-6z',
  today:'M12 3.5l2.4 5 5.4.6-4 3.8 1.1 5.4L12 15.6 7.1 18.3l1.1-5.4-4-3.8 5.4-.6z',
  upcoming:'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  anytime:'M4 6h16M4 12h16M4 18h16',
  next:'M4 12h14M13 6l6 6-6 6',
  review:'M4 6h9M4 12h5M4 18h5M15.5 10a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM18 16l3 3',
  someday:'M5 8h14v11H5zM4 5h16v3H4zM10 12h4',
  flagged:'M6 21V4h10l-1.5 4L16 12H6',
  logbook:'M5 4h12a2 2 0 0 1 2 2v14H7a2 2 0 0 1-2-2zM5 17a2 2 0 0 1 2-2h12M9 9l2 2 4-4',
  trash:'M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13',
  area:'M3 7l9-4 9 4-9 4zM3 12l9 4 9-4M3 17l9 4 9-4',
  project:'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 3v9l6.4 6.4',
  tag:'M3 12V4h8l10 10-8 8zM7.5 7.5h.01',
  perspective:'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  list:'M8 6h13M8 12h13M8 18h13M3.5 6h.01M3.5 12h.01M3.5 18h.01',
  search:'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  plus:'M12 5v14M5 12h14',
  check:'M5 12.5l4.5 4.5L19 7',
  x:'M6 6l12 12M18 6L6 18',
  repeat:'M17 2l3 3-3 3M4 11V9a4 4 0 0 1 4-4h12M7 22l-3-3 3-3M20 13v2a4 4 0 0 1-4 4H4',
  calendar:'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4',
  'calendar-view':'M4 5h16v15H4zM4 9h16M8 3v4M16 3v4M8 13h.01M12 13h.01M16 13h.01M8 16.5h.01M12 16.5h.01',
  clock:'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  lock:'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z',
  warning:'M12 3l10 18H2zM12 10v5M12 18h.01',
  robot:'M7 8h10a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3zM12 4v4M9 13h.01M15 13h.01',
  note:'M6 3h9l4 4v14H6zM14 3v5h5M9 13h7M9 17h7',
  settings:'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9 7 7M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  chevron:'M9 6l6 6-6 6',
  back:'M15 6l-6 6 6 6',
  link:'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  book:'M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 21V5',
  conflict:'M8 3h7l4 4v11H8zM5 7v14h11M13.5 8.5v3.5M13.5 15h.01',
  history:'M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5M12 7v5l3 2',
  shield:'M12 3l8 3v6c0 4.6-3.4 8-8 9-4.6-1-8-4.4-8-9V6zM12 8v5M12 16h.01',
  transfer:'M7 4v14M3 14l4 4 4-4M17 20V6M13 10l4-4 4 4',
}

/** An inline SVG icon (decorative: aria-hidden) drawn with stroke = currentColor. */
export function icon(name,cls=''){
  const svg=document.createElementNS(SVG,'svg')
  svg.setAttribute('viewBox','0 0 24 24')
  svg.setAttribute('aria-hidden','true')
  svg.setAttribute('focusable','false')
  svg.setAttribute('class',`icon ${cls}`.trim())
  const path=document.createElementNS(SVG,'path')
  path.setAttribute('d',ICONS[name]||ICONS.list)
  svg.append(path)
  return svg
}

/** Whether the user asked for less motion. */
export const reducedMotion=()=>matchMedia('(prefers-reduced-motion: reduce)').matches
  ||document.documentElement.dataset.motion==='none';
