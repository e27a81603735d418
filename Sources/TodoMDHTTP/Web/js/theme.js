// Themes: .theme.json ({base, appearance: light|dark|system, overrides: {colors, shapes, typography,
// animation}}; unknown keys are kept) resolved against a preset into tokens and data-* on <html>.
import{api}from'./api.js'
import{emit}from'./bus.js'
import{PRESETS,COLOR_TOKENS,COLOR_ALIASES,SCHEME_BOUND,FONTS,CHOICES,deriveColors}from'./presets.js'

const darkMQ=matchMedia('(prefers-color-scheme: dark)')
const motionMQ=matchMedia('(prefers-reduced-motion: reduce)')
const ACCENTED=['today','defer','focus_ring','checkbox_checked']
const isObj=v=>v!==null&&typeof v==='object'&&!Array.isArray(v)

/** The vault's .theme.json as last read or written (null: none, Classic) and its version. */
export const themeState={theme:null,version:null}

export function presetOf(doc){
  const id=String(doc?.base??'classic').toLowerCase().replace(/[\s-]+/g,'_')
  return PRESETS[id]?id:'classic'
}
export const appearanceOf=doc=>(['light','dark','system'].includes(doc?.appearance)?doc.appearance:'system')

function merge(base,over){
  const out={...base}
  for(const[k,v]of Object.entries(isObj(over)?over:{})){
    if(k==='corner_radius'&&Number.isFinite(+v))out[k]=Math.max(0,Math.min(16,+v))
    else if(/font_family$/.test(k)?FONTS[v]:CHOICES[k]?.includes(v))out[k]=v
  }
  return out
}

/** {preset, name, scheme, appearance, colors, shapes, typography, animation} of a theme document. */
export function resolveTheme(doc,{scheme}={}){
  const preset=presetOf(doc),p=PRESETS[preset],ov=isObj(doc?.overrides)?doc.overrides:{}
  const appearance=appearanceOf(doc),asked=scheme||appearance
  const s=p.dark_only?'dark':asked==='system'?(darkMQ.matches?'dark':'light'):asked
  const base=p.colors[s],core={...base},oc=isObj(ov.colors)?ov.colors:{},own=isObj(oc[s])?oc[s]:{}
  const put=(src,all)=>{
    for(const[k0,v]of Object.entries(src)){
      const k=COLOR_ALIASES[k0]||k0
      if(typeof v==='string'&&v.trim()&&COLOR_TOKENS[k]&&(all||s==='light'||!SCHEME_BOUND.test(k)))core[k]=v.trim()
    }
  }
  put(oc,false)
  put(own,true)
  // A new accent also tints what the preset tinted with its accent, unless those are set too.
  if(core.accent!==base.accent)for(const k of ACCENTED)if(!(k in oc)&&!(k in own))delete core[k]
  return{
    preset,name:p.name,scheme:s,appearance,colors:deriveColors(core,s==='dark'),
    shapes:merge(p.shapes,ov.shapes),typography:merge(p.typography,ov.typography),animation:merge(p.animation,ov.animation),
  }
}

/** The custom properties of a resolved theme (tokens.css derives density, card, divider, motion from data-*). */
export function tokensOf(r){
  const t={},rad=r.shapes.corner_radius,ty=r.typography
  for(const[k,name]of Object.entries(COLOR_TOKENS))t['--'+name]=r.colors[k]
  Object.assign(t,{
    '--radius':rad+'px','--radius-sm':Math.round(rad/2)+'px','--radius-lg':Math.round(rad*1.5)+'px',
    '--checkbox-radius':{circle:'50%',rounded_square:'28%',square:'0px'}[r.shapes.checkbox_shape],
    '--font-ui':FONTS[ty.font_family],'--font-heading':FONTS[ty.heading_font_family||ty.font_family],
    '--font-meta':FONTS[ty.metadata_font_family||ty.font_family],
  })
  return t
}

/** Puts a resolved theme on an element (the page, or a preview): inline tokens and data-* switches. */
export function applyResolved(el,r){
  for(const[k,v]of Object.entries(tokensOf(r)))el.style.setProperty(k,v)
  el.style.colorScheme=r.scheme
  Object.assign(el.dataset,{
    preset:r.preset,scheme:r.scheme,density:r.typography.row_density,card:r.shapes.card_style,
    divider:r.shapes.divider_style,checkbox:r.shapes.checkbox_shape,meta:r.typography.metadata_visibility,
    complete:r.animation.completion,transition:r.animation.transition,
  })
  if(motionMQ.matches||r.animation.transition==='none')el.dataset.motion='none'
  else delete el.dataset.motion
}

let last=[null,{}]
/** Applies a theme document (null: Classic) to the page; `scheme` (light|dark|system) overrides the file's. */
export function applyTheme(doc,{scheme}={}){
  last=[doc,{scheme}]
  const r=resolveTheme(doc,{scheme})
  applyResolved(document.documentElement,r)
  r.theme_color=r.colors.background_primary
  let meta=document.querySelector('meta[name=theme-color]')
  if(!meta)document.head.append(meta=Object.assign(document.createElement('meta'),{name:'theme-color'}))
  meta.content=r.theme_color
  emit('theme',r)
  return r
}

const remember=()=>{try{localStorage.setItem('todomd.theme',JSON.stringify(themeState.theme))}catch{/* private mode */}}
const keep=(res,doc)=>{
  themeState.theme=isObj(res?.theme)?res.theme:doc
  themeState.version=res?.version??null
  remember()
  return themeState
}

/** GET /api/theme and apply it (offline: keeps what is shown). */
export async function loadTheme(){
  try{
    keep(await api.theme(),null)
  }catch(e){
    if(e.status!==404)return themeState
    keep(null,null)
  }
  applyTheme(themeState.theme)
  return themeState
}

/** PUT /api/theme: the whole document (unknown keys too), with the version read. */
export const saveTheme=async(doc)=>keep(await api.saveTheme(doc,themeState.version),doc)

// First paint: the theme seen last time, before the server answers.
try{const c=JSON.parse(localStorage.getItem('todomd.theme'));themeState.theme=isObj(c)?c:null}catch{/* none */}
applyTheme(themeState.theme)
const again=()=>applyTheme(...last)
darkMQ.addEventListener('change',again)
motionMQ.addEventListener('change',again)
document.addEventListener('visibilitychange',()=>{if(document.visibilityState==='visible')loadTheme()});
