// A small element builder for the capture app (user text only ever becomes a Text node).
export function h(tag,attrs,...kids){
  const[name,...cls]=tag.split('.'),el=document.createElement(name)
  if(cls.length)el.className=cls.join(' ')
  if(attrs&&(typeof attrs!='object'||Array.isArray(attrs)||attrs instanceof Node)){kids.unshift(attrs);attrs=null}
  for(const[k,v]of Object.entries(attrs||{})){
    if(v==null||v===false)continue
    if(k.startsWith('on'))el.addEventListener(k.slice(2),v)
    else if(k=='text'||k=='value'||k=='hidden'||k=='disabled')el[k=='text'?'textContent':k]=v
    else el.setAttribute(k,v===true?'':v)
  }
  el.append(...kids.flat().filter(c=>c!=null&&c!==false).map(c=>c instanceof Node?c:String(c)))
  return el
}
