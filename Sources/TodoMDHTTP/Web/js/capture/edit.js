// The capture editor's text operations as pure functions of a state {text, start, end} (the
// selection), each returning the next state: no DOM, so the tests can drive them directly.

// The task markers (spec 002 §3), as GET /api/markers gives them: the copy used offline.
export const MARKERS={groups:[
  {name:'Priority',markers:[['!','Important','❗'],['*','Star','⭐'],['f','Fire','🔥'],['k','Key','🔑'],['w','Win','🏆']]},
  {name:'Queries',markers:[['?','Question','❓'],['i','Idea','💡'],['n','Note','📝'],['"','Quote','❝']]},
  {name:'References',markers:[['b','Bookmark','🔖'],['l','Location','📍'],['<','Scheduling','📅'],['>','Forwarded','➡️']]},
  {name:'Evaluation',markers:[['p','Pro','👍'],['c','Con','👎'],['u','Up','⬆️'],['d','Down','⬇️']]},
  {name:'Status',markers:[[' ','To do','☐'],['/','In progress','◐'],['x','Done','☑'],['-','Cancelled','✖']]},
].map(g=>({name:g.name,markers:g.markers.map(([char,name,icon])=>({char,name,icon}))}))}

/** [start, end] of the line around `pos`. */
export function lineAt(text,pos){
  const s=text.lastIndexOf('\n',pos-1)+1,e=text.indexOf('\n',pos)
  return[s,e<0?text.length:e]
}

const put=(text,from,to,ins,start,end=start)=>({text:text.slice(0,from)+ins+text.slice(to),start,end})

/** Bold (`**`) or italic (`*`) around the selection; with none, an empty pair with the cursor inside. */
export function wrap({text,start,end},mark){
  const sel=text.slice(start,end)
  if(sel.startsWith(mark)&&sel.endsWith(mark)&&sel.length>=2*mark.length)
    return put(text,start,end,sel.slice(mark.length,-mark.length),start,end-2*mark.length)
  return put(text,start,end,mark+sel+mark,start+mark.length,end+mark.length)
}

// A list item's start: indentation, then "- [c] ", "- " or "* " (the parts of a line prefix).
const ITEM=/^(\s*)(?:[-*+] \[.\] |[-*+] )?/

/** A checklist item (`- [ ] `) at the start of the line, or the plain line back when it is one. */
export function checklist(st){
  const[s]=lineAt(st.text,st.start),m=/^(\s*)- \[ \] /.exec(st.text.slice(s))
  if(m)return shift(st,s+m[1].length,6,'')
  const p=ITEM.exec(st.text.slice(s))
  return shift(st,s+p[1].length,p[0].length-p[1].length,'- [ ] ')
}

/** A heading: `# ` at the start of the line, then `## `, `### `, then none. */
export function heading(st){
  const[s]=lineAt(st.text,st.start),m=/^#{1,6} /.exec(st.text.slice(s))
  const n=m?m[0].length-1:0
  return shift(st,s,m?m[0].length:0,n>=3?'':'#'.repeat(n+1)+' ')
}

// Replaces `len` characters at `at` with `ins`, moving the selection with the text.
function shift({text,start,end},at,len,ins){
  const d=ins.length-len,mv=p=>p<at?p:Math.max(at+ins.length,p+d)
  return put(text,at,at+len,ins,mv(start),mv(end))
}

/** The line as a task of marker `c`: `- [c] rest` (an existing `- [?] ` or `- ` replaced, the
 * indentation kept), the cursor at its end. A bookmark on an empty line: `- [b] []()`, the cursor in `[]`. */
export function setMarker({text,start},c){
  const[s,e]=lineAt(text,start),line=text.slice(s,e),p=ITEM.exec(line),rest=line.slice(p[0].length)
  const head=p[1]+`- [${c}] `
  if(c=='b'&&!rest.trim())return put(text,s,e,head+'[]()',s+head.length+1)
  const out=head+rest
  return put(text,s,e,out,s+out.length)
}

// A bookmark line: `- [b] [label](url)` with the label or the URL still empty.
const BOOKMARK=/^(\s*)- \[b\] \[((?:\\.|[^\]\\])*)\]\(([^)]*)\)\s*$/
export function bookmarkAt(text,pos){
  const[s,e]=lineAt(text,pos),m=BOOKMARK.exec(text.slice(s,e))
  return m&&(!m[2]||!m[3])?{s,e,indent:m[1],label:m[2],url:m[3]}:null
}

/** Whether `s` is one link (http, https, obsidian, mailto…): it goes in a bookmark's `()`. */
export const isURL=s=>/^(?:(?:https?|ftp|file|obsidian|things|omnifocus|zotero|x-[\w-]+):\/\/|(?:mailto|tel|sms|geo|message):)\S+$/i.test(s)

/** Smart paste (spec 002 §4) of the clipboard text `clip` at the cursor. On a `- [b] []()` line: a
 * URL goes in `()` and the cursor in `[]`; text under 100 characters in `[]`, the cursor on a new
 * line below; longer text an indented line under the item. Elsewhere the text is inserted as is. */
export function smartPaste({text,start,end=start},clip){
  clip=String(clip??'').replace(/\r\n?/g,'\n')
  const t=clip.trim(),b=t&&bookmarkAt(text,start)
  if(!b)return put(text,start,end,clip,start+clip.length)
  const label=b.label||'',link=u=>/[\s()]/.test(u)?`<${u}>`:u
  const line=(l,u)=>`${b.indent}- [b] [${l}](${u})`
  if(isURL(t)&&!b.url){
    const out=line(label,link(t))
    return put(text,b.s,b.e,out,b.s+b.indent.length+7+label.length)
  }
  if(t.length<100&&!t.includes('\n')&&!label){
    const out=line(t.replace(/[\\\]]/g,'\\$&'),b.url)+'\n'+b.indent
    return put(text,b.s,b.e,out,b.s+out.length)
  }
  const pad=b.indent+'    ',out=text.slice(b.s,b.e)+'\n'+t.split('\n').map(l=>l.trim()?pad+l:'').join('\n')
  return put(text,b.s,b.e,out,b.s+out.length)
}
