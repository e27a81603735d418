// Calendar days as the API gives them ("2026-11-24": a local day, never shifted by time zone).
// `today` is always the server's (every view document carries it), so the page agrees with the
// CLI even when the browser's clock or zone differs.

const DAY=86400000
const WEEKDAYS=['Sun','Mon','Tue','Wed','Thu','Fri','Sat']
const WEEKDAYS_LONG=['Sunday','Monday','Tuesday','Wednesday','Thursday','Friday','Saturday']
const MONTHS=['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec']

/** "2026-11-24" (or "2026-11-24T09:30") → UTC-midnight milliseconds of that day (for arithmetic only). */
export function dayNumber(iso){
  if(!iso)return NaN
  const[y,m,d]=iso.slice(0,10).split('-').map(Number)
  return Date.UTC(y,m-1,d)/DAY
}

/** The day `n` days after `iso`, as "YYYY-MM-DD". */
export function addDays(iso,n){
  const t=new Date((dayNumber(iso)+n)*DAY)
  return t.toISOString().slice(0,10)
}

/** Days from `today` to `iso` (negative: past). */
export const daysBetween=(today,iso)=>dayNumber(iso)-dayNumber(today)

/** Weekday index 0 (Sunday)…6 of a day. */
export const weekday=iso=>new Date(dayNumber(iso)*DAY).getUTCDay()

/** The time part of "2026-11-24T09:30" ("09:30"), or null. */
export const timeOf=value=>(value&&value.length>10?value.slice(11,16):null)

/** A short, calm label: "Today", "Tomorrow", "Yesterday", "Fri", "27 Nov", "3 Jan 2027" (+ time). */
export function dayLabel(value,today){
  if(!value)return''
  const iso=value.slice(0,10)
  const n=daysBetween(today,iso)
  let label
  if(n===0)label='Today'
  else if(n===1)label='Tomorrow'
  else if(n===-1)label='Yesterday'
  else if(n>1&&n<7)label=WEEKDAYS[weekday(iso)]
  else{
    const[y,m,d]=iso.split('-').map(Number)
    label=`${d} ${MONTHS[m - 1]}`+(iso.slice(0,4)!==today.slice(0,4)?` ${y}`:'')
  }
  const t=timeOf(value)
  return t?`${label} ${t}`:label
}

/** A heading for a day: "Tomorrow", "Friday", "Monday 7 December". */
export function dayHeading(iso,today){
  const n=daysBetween(today,iso)
  if(n===0)return'Today'
  if(n===1)return'Tomorrow'
  const[y,m,d]=iso.split('-').map(Number)
  const base=`${WEEKDAYS_LONG[weekday(iso)]} ${d} ${MONTHS[m - 1]}`
  return y!==Number(today.slice(0,4))?`${base} ${y}`:base
}

/** "5m", "1h", "1h 30m". */
export function minutesLabel(min){
  if(min===null||min===undefined)return''
  const h=Math.floor(min/60),m=min%60
  return h?(m?`${h}h ${m}m`:`${h}h`):`${m}m`
}

export{WEEKDAYS,WEEKDAYS_LONG,MONTHS};
