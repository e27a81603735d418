// The six theme presets (spec 000 "Custom App Theming") as data, and the colour helpers.
// Keys are .theme.json's (snake_case). Every text/ground pair passes WCAG AA: scripts/check-contrast.mjs.
const pairs=s=>Object.fromEntries(s.split(' ').map(p=>p.split(':')))

// Every colour key of .theme.json in token order; a preset gives those marked * (the rest is derived:
// today is the accent, overdue and priority_high the danger colour, warning priority_medium, then deriveColors).
const ALL='*background_primary *background_secondary *background_card surface_raised *sidebar_background *text_primary *text_secondary *text_tertiary *accent accent_contrast today overdue priority_high *priority_medium *priority_low *flag *checkbox_unchecked *checkbox_checked checkbox_trail tag_background tag_text *divider focus_ring selection hover *danger *success *defer warning badge_background badge_text overlay shadow'.split(' ')
const KEYS=ALL.filter(k=>k[0]=='*').map(k=>k.slice(1))
/** colour key → token name (without --): background → bg, priority → prio, checkbox → check, _primary dropped, _ → -. */
export const COLOR_TOKENS=Object.fromEntries(ALL.map(k=>k.replace('*','')).map(k=>[k,{background_card:'surface',shadow:'shadow-color'}[k]
  ||k.replace('background','bg').replace('priority','prio').replace('checkbox','check').replace('_primary','').replace(/_/g,'-')]))
export const COLOR_ALIASES=pairs('background:background_primary card:background_card surface:background_card sidebar:sidebar_background text:text_primary tag_pill:tag_background')
/** A plain override of these applies in light mode only (dark mode reads colors.dark). */
export const SCHEME_BOUND=/^(background_|surface_|sidebar_|text_|divider|hover|selection|overlay|shadow)/

const SANS='-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
export const FONTS={
  sf_pro:'"SF Pro Text", '+SANS,
  system:'system-ui, '+SANS,
  sf_rounded:'ui-rounded, "SF Pro Rounded", Nunito, "Varela Round", '+SANS,
  sf_mono:'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace',
  new_york:'ui-serif, "New York", "Iowan Old Style", Charter, Georgia, "DejaVu Serif", serif',
}

const w=s=>s.split(' ')
export const CHOICES={
  card_style:w('flat elevated outlined none'),checkbox_shape:w('circle rounded_square square'),divider_style:w('line inset none'),
  font_family:Object.keys(FONTS),row_density:w('comfortable compact dense'),metadata_visibility:w('all tap minimal'),
  completion:w('spring fade strike instant'),transition:w('spring ease snappy none'),
}
export const PRESET_ORDER=w('classic focus minimal system ink dark_pro')

// A scheme's core colours (KEYS order) → all colours a preset defines.
const row=s=>{
  const o=Object.fromEntries(s.split(' ').map((v,i)=>[KEYS[i],'#'+v]))
  o.today=o.accent
  o.overdue=o.priority_high=o.danger
  o.warning=o.priority_medium
  return o
}
// shapes: radius card checkbox divider; typography: font density metadata [heading font] [metadata font]; animation: completion transition.
const preset=(name,about,light,dark,[r,card,check,div],[font,density,meta,head,metaFont],[completion,transition])=>({
  name,about,colors:light?{light:row(light),dark:row(dark)}:{dark:row(dark)},dark_only:!light,
  shapes:{corner_radius:r,card_style:card,checkbox_shape:check,divider_style:div},
  typography:{font_family:font,row_density:density,metadata_visibility:meta,...(head&&{heading_font_family:head}),...(metaFont&&{metadata_font_family:metaFont})},
  animation:{completion,transition},
})

export const PRESETS={
  classic:preset('Classic','Things 3: cool grays, rounded cards, generous space, springy motion.',
    'FFFFFF F4F5F7 F8F8F8 F4F5F7 000000 636368 6B6B70 2A6EBB 9A5B00 3B7A16 A84E00 8E8E93 4A90D9 E4E4E7 C4342A 2E7A32 2A6EBB',
    '1C1C1E 161618 2C2C2E 232325 FFFFFF AEAEB3 A4A4AA 5AA3F0 FFB84D 98E44A FF9F43 7C7C82 5AA3F0 38383A FF7373 6FD37A 5AA3F0',
    [10,'elevated','circle','none'],['sf_pro','comfortable','all'],['spring','spring']),
  focus:preset('Focus','OmniFocus: purple and gray, dense rows, every detail visible.',
    'FFFFFF F3F2F7 FFFFFF ECEAF2 1E1B26 5A5566 625D6E 6B3FC0 95580A 3E7524 A34F00 8C8799 7D55D6 E3E0EA B8322B 2F7433 3F63B8',
    '19171F 131118 23202B 1E1B25 ECEAF2 ABA6B8 A19CAE B593FF F2B45A 8FD46A FFA05A 6F6A7D A07BF5 34303D FF7A70 74CF7F 8AA8F5',
    [4,'outlined','circle','line'],['system','compact','all'],['fade','ease']),
  minimal:preset('Minimal','Todoist: flat, red accent, tight rows, no shadows, snappy.',
    'FFFFFF FAFAFA FFFFFF FCFAF8 202020 5E5E5E 666666 C2332A 9E5A00 1F66BF A84F00 8F8F8F DC4C3E EEEEEE C2332A 2C7A33 1F66BF',
    '1E1E1E 181818 262626 242424 EDEDED AAAAAA A0A0A0 FF7B6E F5B352 72A9F5 FF9E5E 707070 E8574A 333333 FF7B6E 73C97C 72A9F5',
    [6,'flat','circle','line'],['sf_pro','dense','all'],['fade','snappy']),
  system:preset('System','Reminders: grouped inset lists, rounded type, native feel.',
    'F2F2F7 EBEBF0 FFFFFF F2F2F7 000000 5C5C61 636368 0062CC 8F5100 27702E A64900 86868B 007AFF DCDCE0 BD2B23 27702E 0062CC',
    '000000 0C0C0E 1C1C1E 111113 FFFFFF A4A4AA 9A9AA0 3D9BFF FFB340 5FD76F FF9F45 6C6C70 0A84FF 38383A FF6961 5FD76F 3D9BFF',
    [12,'flat','circle','inset'],['sf_rounded','comfortable','tap'],['spring','spring']),
  ink:preset('Ink','Pen and paper: warm cream, serif headings, drawn circles, little colour.',
    'FBF7EE F4EEDF FFFCF5 F3ECDC 2B2620 61574A 675D50 2F4F7F 8A5A12 4C6B2A 9A4A12 6F655A 2F4F7F E6DDCB A13A2C 4C6B2A 2F4F7F',
    '1D1A15 17150F 26221B 211E18 EDE6D6 B8AD98 B3A893 A9C0E3 E0B36A A9C98A E8A070 857B6C A9C0E3 3A342A F29583 A9C98A A9C0E3',
    [2,'none','circle','line'],['sf_pro','comfortable','minimal','new_york'],['strike','ease']),
  dark_pro:preset('Dark Pro','Terminal: true black, green accent, monospace metadata, sharp edges.',null,
    '000000 0A0A0A 0E0E0E 050505 E6E6E6 A3A3A3 9A9A9A 3DDC6F F2C14E 5FB3FF FFA94D 666666 3DDC6F 262626 FF6B5E 3DDC6F 5FB3FF',
    [0,'outlined','square','line'],['sf_pro','compact','all',null,'sf_mono'],['instant','snappy']),
}

// Colour arithmetic on hex colours; anything else is passed through.
export function rgb(c){
  const m=/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(c||'').trim())
  if(!m)return null
  const s=m[1].length===3?m[1].replace(/./g,'$&$&'):m[1]
  return[0,2,4].map(i=>parseInt(s.slice(i,i+2),16))
}
/** `a` over `b` at weight w. */
export function mix(a,b,w){
  const x=rgb(a),y=rgb(b)
  return x&&y?'#'+x.map((v,i)=>Math.round(v*w+y[i]*(1-w)).toString(16).padStart(2,'0')).join('').toUpperCase():a
}
const lum=c=>c&&[.2126,.7152,.0722].reduce((s,k,i)=>{
  const v=c[i]/255
  return s+k*(v<=.03928?v/12.92:((v+.055)/1.055)**2.4)
},0)
/** WCAG contrast ratio (null unless both are hex). */
export function contrast(a,b){
  const x=lum(rgb(a)),y=lum(rgb(b))
  return x==null||y==null?null:(Math.max(x,y)+.05)/(Math.min(x,y)+.05)
}
const ok=(f,b)=>(contrast(f,b)??5)>=4.5

/** Fills every colour token from the core ones (keys present are kept). */
export function deriveColors(c,dark){
  const o={...c}
  const set=(k,f)=>{o[k]??=f()}
  set('surface_raised',()=>(dark?mix('#FFFFFF',o.background_card,.04):o.background_card))
  set('accent_contrast',()=>((contrast('#FFFFFF',o.accent)??5)>=(contrast('#000000',o.accent)??0)?'#FFFFFF':'#000000'))
  for(const k of['today','defer','checkbox_checked','focus_ring'])set(k,()=>o.accent)
  set('checkbox_trail',()=>mix(o.checkbox_checked,o.background_primary,.35))
  set('tag_background',()=>mix(o.accent,o.background_primary,dark?.2:.1))
  set('tag_text',()=>(ok(o.accent,o.tag_background)?o.accent:o.text_primary))
  set('selection',()=>mix(o.accent,o.background_primary,dark?.16:.08))
  set('hover',()=>mix(o.text_primary,o.background_primary,dark?.07:.045))
  set('badge_background',()=>mix(o.text_primary,o.background_secondary,dark?.14:.08))
  set('badge_text',()=>(ok(o.text_secondary,o.badge_background)?o.text_secondary:o.text_primary))
  set('overlay',()=>(dark?'rgba(0,0,0,.6)':'rgba(0,0,0,.3)'))
  set('shadow',()=>(dark?'rgba(0,0,0,.55)':'rgba(15,23,42,.1)'))
  for(const k in COLOR_TOKENS)set(k,()=>o.text_primary)
  return o
}
