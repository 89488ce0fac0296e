/** Holds N live stock streams open on a server (docs/architecture.md §11), as N visitors' screens
 * would: for `npm run bench:live` and `STREAMS=N npm run bench:rush`. Arguments: the server's
 * base URL, N, the day the screens show. Prints "open N" once every stream has had its first
 * push (the counts of its screen), then "pushes M" each second (the events received), and holds
 * them until it is killed. A stream refused or dropped is reported, not opened again. */
import http from 'node:http';

const [base, count, date] = [process.argv[2], Number(process.argv[3]), process.argv[4]];
/** The screens: half on the day's venue screen (in two languages), the rest on the calendar. */
const topics = [`topic=day&date=${date}&lang=zh`, `topic=day&date=${date}&lang=en`, 'topic=calendar&lang=zh', 'topic=calendar&lang=en'];
let first = 0;
let pushes = 0;
let failed = 0;

function open(i: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = false;
    const req = http.get(`${base}/prod-api/pool/ingore/live?${topics[i % topics.length]}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) {
        failed++;
        res.resume();
        return resolve();
      }
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const n = chunk.split('\nevent: ').length - 1 + (chunk.startsWith('event: ') ? 1 : 0);
        pushes += n;
        if (n > 0 && !seen) {
          seen = true;
          first++;
          resolve();
        }
      });
      res.on('close', () => !seen && resolve());
    });
    req.on('error', () => {
      failed++;
      resolve();
    });
  });
}

// A few hundred at a time: a browser crowd arrives over seconds, not in one tick.
for (let i = 0; i < count; i += 250) await Promise.all(Array.from({ length: Math.min(250, count - i) }, (_, k) => open(i + k)));
console.log(`open ${first} failed ${failed}`);
setInterval(() => console.log(`pushes ${pushes}`), 1000);
