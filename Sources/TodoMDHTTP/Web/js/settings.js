// Settings (/settings): appearance, presets with a live preview, the theme editor, the theme file,
// perspectives, connecting a phone. Changes apply at once and are saved to .theme.json (debounced).
import{h,replace,icon}from'./dom.js'
import{api}from'./api.js'
import{PRESETS,PRESET_ORDER,CHOICES,contrast,mix}from'./presets.js'
import{themeState,loadTheme,saveTheme,applyTheme,resolveTheme,applyResolved,presetOf,appearanceOf}from'./theme.js'

const cap=s=>s[0].toUpperCase()+s.slice(1).replace(/_/g,' ')
const LABELS={elevated:'Elevated (shadow)',outlined:'Outlined (border)',none:'None (rows only)',sf_pro:'SF Pro',
  sf_rounded:'SF Rounded',sf_mono:'SF Mono',new_york:'New York (serif)',all:'Show all inline',tap:'Show on tap',
  minimal:'Title only',strike:'Strike through, then fade',ease:'Ease in-out',fade:'Fade out'}
// The colours the editor offers, labelled by their .theme.json key.
const COLORS='accent background_primary background_secondary background_card text_primary text_secondary text_tertiary overdue priority_high priority_medium priority_low checkbox_unchecked checkbox_checked checkbox_trail tag_background'.split(' ')
const GROUPS={shapes:['corner_radius','card_style','checkbox_shape','divider_style'],typography:['font_family','row_density','metadata_visibility'],animation:['completion','transition']}
const NAMES={card_style:'Cards',checkbox_shape:'Checkbox',divider_style:'Dividers',font_family:'Font',metadata_visibility:'Metadata',transition:'Transitions'}
const CHECKS=[['text_primary','background_primary','Text'],['text_secondary','background_primary','Secondary text'],
  ['text_secondary','background_card','Secondary text on cards'],['accent','background_primary','Accent'],
  ['accent_contrast','accent','Text on accent'],['overdue','background_primary','Overdue']]
const isObj=v=>v!==null&&typeof v==='object'&&!Array.isArray(v)
const clone=v=>JSON.parse(JSON.stringify(v??{}))

/** doc[a][b]… = v (new keys go last, existing ones keep their place). */
function setPath(doc,path,v){
  let o=doc
  for(const k of path.slice(0,-1))o=isObj(o[k])?o[k]:(o[k]={})
  o[path.at(-1)]=v
}
/** Deletes doc[a][b]… and the objects that leaves empty. */
function delPath(doc,path){
  const chain=[doc]
  for(const k of path.slice(0,-1)){if(!isObj(chain.at(-1)[k]))return;chain.push(chain.at(-1)[k])}
  delete chain.at(-1)[path.at(-1)]
  for(let i=chain.length-1;i>0&&!Object.keys(chain[i]).length;i--)delete chain[i-1][path[i-1]]
}
const getPath=(doc,path)=>path.reduce((o,k)=>(isObj(o)?o[k]:undefined),doc)

/** A mini task list drawn with a theme (decorative). */
const previewList=()=>h('div.pv-card',{'aria-hidden':'true'},
  h('div.pv-head',icon('today','pv-star'),'Today'),
  h('ul.pv-list',[['Call the dentist',[['today','Today'],['tag','errands']]],
    ['Finish the quarterly report',[['overdue','Yesterday'],['pill','Work'],['flag','⚑']],'high'],
    ['Water the plants',[['meta','Home']],'done'],['Plan the trip',[['meta','Fri'],['pill','Holiday'],['meta','30m']],'medium'],
  ].map(([title,meta,st])=>h('li',{class:['pv-row',st==='done'&&'pv-done']},
    h('span.pv-check',st==='done'&&icon('check')),
    h('span.pv-body',h('span.pv-title',title),h('span.pv-meta',meta.map(([k,t])=>h('span',{class:'pv-'+k},t)))),
    st&&st!=='done'&&h('span',{class:'pv-prio pv-'+st})))))

export function renderSettings(container){
  let doc=clone(themeState.theme),hovered=null,timer=0,touched=0
  const status=h('p.hint',{role:'status'})
  const preview=h('div.theme-preview',previewList())
  const grid=h('div.preset-grid',{role:'group','aria-label':'Theme presets'})
  const custom=h('div')
  const appearance=h('div.seg',{role:'radiogroup','aria-label':'Appearance'})
  const file=h('textarea',{'aria-label':'The theme file, .theme.json',rows:8,spellcheck:'false'})
  const fileMsg=h('p.hint',{role:'status'})

  const showPreview=()=>applyResolved(preview,resolveTheme(hovered
    ?{...doc,base:hovered,overrides:{...doc.overrides,colors:undefined}}:doc))
  const hover=id=>()=>{hovered=id;showPreview()}
  function changed(rebuild=true){
    touched=1
    applyTheme(doc)
    showPreview()
    if(rebuild)build()
    file.value=JSON.stringify(doc,null,2)
    status.textContent='Saving…'
    clearTimeout(timer)
    timer=setTimeout(save,450)
  }
  async function save(){
    try{
      await saveTheme(doc)
      status.textContent='Saved to .theme.json.'
    }catch(e){
      if(e.status!==409&&e.status!==412){status.textContent=`Not saved: ${e.message}`;return}
      await loadTheme()
      doc=clone(themeState.theme)
      build()
      status.textContent='The theme file changed elsewhere; showing it as it is now.'
    }
  }
  const field=(id,label,...control)=>h('div.field',h('label',{for:id},label),control)

  function build(){
    const r=resolveTheme(doc),preset=presetOf(doc),ov=doc.overrides
    replace(appearance,['light','dark','system'].map(a=>h('label.seg-opt',
      h('input',{type:'radio',name:'appearance',value:a,checked:appearanceOf(doc)===a,onchange:()=>{doc.appearance=a;changed()}}),
      h('span',cap(a)))))

    replace(grid,PRESET_ORDER.map(id=>{
      const sw=h('span.preset-swatch',h('span.sw-side'),h('span.sw-main',h('span.sw-dot'),h('span.sw-line'),h('span.sw-line.short')))
      applyResolved(sw,resolveTheme({base:id,appearance:r.scheme}))
      return h('button.preset-card',{
        'aria-pressed':String(id===preset),dataset:{preset:id},
        // Colours were chosen for the old preset; shapes and the rest carry over.
        onclick:()=>{if(id!==preset){doc.base=id;delPath(doc,['overrides','colors']);hovered=null;changed()}},
        onpointerenter:hover(id),onfocus:hover(id),onpointerleave:hover(null),onblur:hover(null),
      },sw,h('span.preset-name',PRESETS[id].name,PRESETS[id].dark_only&&h('span.hint',' · dark')),h('span.hint',PRESETS[id].about))
    }))

    // Colours are written for the scheme shown: dark mode keeps its own under colors.dark.
    const path=k=>['overrides','colors',...(r.scheme==='dark'?['dark']:[]),k]
    const colors=COLORS.map((k,i,a,label=cap(k))=>field('c-'+k,label,
      h('input',{id:'c-'+k,type:'color',value:mix(r.colors[k],r.colors[k],1),
        oninput:e=>{setPath(doc,path(k),e.target.value.toUpperCase());changed(false)},onchange:build}),
      getPath(doc,path(k))!=null&&h('button.link-btn',{'aria-label':`Reset ${label}`,onclick:()=>{delPath(doc,path(k));changed()}},'Reset')))
    const warn=CHECKS.map(([f,b,what])=>[what,contrast(r.colors[f],r.colors[b])]).filter(([,c])=>c&&c<4.5)

    const groups=Object.entries(GROUPS).map(([cat,keys])=>h('fieldset.edit-group',h('legend',cap(cat)),keys.map(k=>{
      const id='f-'+k,val=r[cat][k],dflt=PRESETS[preset][cat][k]
      const set=v=>(v===dflt?delPath(doc,['overrides',cat,k]):setPath(doc,['overrides',cat,k],v))
      if(k==='corner_radius'){
        const out=h('output',{for:id},val)
        return field(id,'Corner radius',h('input',{id,type:'range',min:0,max:16,value:val,
          oninput:e=>{out.textContent=e.target.value;set(+e.target.value);changed(false)}}),out)
      }
      return field(id,NAMES[k]||cap(k),h('select',{id,onchange:e=>{set(e.target.value);changed()}},
        CHOICES[k].map(c=>h('option',{value:c,selected:c===val},(LABELS[c]||cap(c))+(c===dflt?' (preset)':'')))))
    })))

    replace(custom,
      h('fieldset.edit-group',h('legend',`Colours (${r.scheme} mode)`),h('div.color-grid',colors),
        warn.length>0&&h('ul.contrast-warn',{'aria-label':'Contrast warnings'},
          warn.map(([what,c])=>h('li',`${what}: ${c.toFixed(1)}:1 (WCAG AA asks for 4.5:1)`)))),
      groups,
      h('button.btn',{disabled:!Object.keys(GROUPS).concat('colors').some(k=>isObj(ov?.[k])),
        onclick:()=>{for(const k of['colors',...Object.keys(GROUPS)])delPath(doc,['overrides',k]);changed()}},
      `Reset to ${PRESETS[preset].name}`))
    file.value=JSON.stringify(doc,null,2)
  }

  const persp=h('ul.plain-list')
  api.perspectives().then(res=>replace(persp,res.perspectives.map(p=>h('li',
    h('a',{href:'/builder/'+encodeURIComponent(p.id)},p.name),p.built_in&&h('span.hint',' · built in, read-only')))))
    .catch(()=>replace(persp,h('li.hint','Perspectives cannot be loaded now.')))

  const section=(id,title,...body)=>h('section',{'aria-labelledby':id},h('h2',{id},title),body)
  replace(container,h('div.pg',
    h('h1','Settings'),
    section('s-look','Appearance',appearance),
    section('s-theme','Theme',h('div.theme-layout',grid,preview)),
    section('s-custom','Customize',custom),
    section('s-file','Theme file',h('p.hint','Themes are plain JSON in .theme.json at the vault root: copy it to share, paste one to use it.'),
      file,fileMsg,h('div.actions',h('button.btn',{onclick:()=>{
        let v
        try{v=JSON.parse(file.value)}catch(e){fileMsg.textContent=`Not JSON: ${e.message}`;return}
        if(!isObj(v)){fileMsg.textContent='A theme is a JSON object such as {"base": "ink"}.';return}
        doc=v;fileMsg.textContent='';changed()
      }},'Apply theme file'))),
    section('s-persp','Perspectives',h('p.hint','Saved filters with their sort and grouping. Open a built-in view to see how it works.'),
      persp,h('div.actions',h('a.btn',{href:'/builder'},icon('plus'),'New perspective'))),
    section('s-phone','Connect a phone',h('p','Start the server on your network with ',h('code','todomd serve --host 0.0.0.0'),
      ', then run ',h('code','todomd token'),' here: it prints a link (',h('code','/login?token=…'),
      ') and its QR code. Open it on the phone, then "Add to Home Screen" installs the app.')),
    status))
  build()
  showPreview()
  // The file as the server has it now (unless it is what is shown: rebuilding would swap the controls under a click;
  // or the user chose already: their choice stays, and is saved).
  if(themeState.version==null)loadTheme().then(()=>{if(touched)applyTheme(doc);else if(JSON.stringify(clone(themeState.theme))!==JSON.stringify(doc)){doc=clone(themeState.theme);build();showPreview()}})
}
