// A month grid: arrows move a day / a week, PageUp/PageDown a month, Home/End the week's ends,
// Enter or Space picks. Days are buttons with a roving tabindex (one Tab stop for the grid).
import{h,replace,icon}from'../dom.js'
import{addDays,weekday,MONTHS,WEEKDAYS}from'../dates.js'

const pad=n=>String(n).padStart(2,'0')
/** The browser's local day "YYYY-MM-DD" (the server's day when the page knows no better). */
export const localToday=(d=new Date())=>`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** The same day `n` months on (the month's last day when it is shorter). */
const shiftMonth=(iso,n)=>{
  const[y,m,d]=iso.split('-').map(Number)
  return new Date(Date.UTC(y,m-1+n,Math.min(d,new Date(Date.UTC(y,m+n,0)).getUTCDate()))).toISOString().slice(0,10)
}
/** Monday of the week (weeks start on Monday). */
const monday=iso=>addDays(iso,-((weekday(iso)+6)%7))
const range=(n,fn)=>Array.from({length:n},(_,i)=>fn(i))

/** calendar({value, today, onPick(iso), label}) → element; `.focus()` focuses the active day. */
export function calendar({value,today=localToday(),onPick,label}){
  let active=(value||today).slice(0,10)
  const focus=()=>grid.querySelector('[tabindex="0"]')?.focus()
  const go=iso=>{active=iso;draw(true)}
  const title=h('div.cal-title',{'aria-live':'polite'})
  const grid=h('div.cal-grid',{role:'grid','aria-label':label,onkeydown:e=>{
    const k=e.key,n={ArrowLeft:-1,ArrowRight:1,ArrowUp:-7,ArrowDown:7,Home:0,End:6}[k]
    const iso=n!=null?addDays(k[0]==='A'?active:monday(active),n):k==='PageUp'?shiftMonth(active,-1):k==='PageDown'&&shiftMonth(active,1)
    if(iso){e.preventDefault();go(iso)}
  }})
  const nav=(n,name)=>h('button.icon-btn',{'aria-label':name,onclick:()=>go(shiftMonth(active,n))},icon(n<0?'back':'chevron'))
  const el=h('div.calendar',h('div.cal-head',nav(-1,'Previous month'),title,nav(1,'Next month')),grid)

  function draw(moved){
    const[y,m]=active.split('-').map(Number),start=monday(active.slice(0,8)+'01'),sel=value?.slice(0,10)
    title.textContent=`${MONTHS[m - 1]} ${y}`
    replace(grid,h('div.cal-row',{role:'row'},[1,2,3,4,5,6,0].map(i=>h('span.cal-wd',{role:'columnheader','aria-label':WEEKDAYS[i]},WEEKDAYS[i].slice(0,2)))),
      range(6,w=>h('div.cal-row',{role:'row'},range(7,i=>{
        const iso=addDays(start,w*7+i),[yy,mm,dd]=iso.split('-').map(Number)
        return h('button',{
          role:'gridcell',tabindex:iso===active?'0':'-1',dataset:{day:iso},
          class:['cal-day',mm!==m&&'other',iso===today&&'today',iso===sel&&'selected'],
          'aria-selected':String(iso===sel),'aria-current':iso===today&&'date',
          'aria-label':`${WEEKDAYS[weekday(iso)]} ${dd} ${MONTHS[mm - 1]} ${yy}`,onclick:()=>onPick(iso),
        },String(dd))
      }))))
    if(moved)focus()
  }
  el.setValue=v=>{value=v;if(v)active=v.slice(0,10);draw(grid.contains(document.activeElement))}
  el.focus=focus
  draw()
  return el
}
