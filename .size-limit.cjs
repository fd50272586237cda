// the public card page's byte budget (npm run size, run by npm test after the build): its script and
// its stylesheet, compressed. gzip -9 is within 1 % of what is served: the api's brotli (quality 4)
// and nginx's gzip (level 5). the goal is at most 15 kB for the script; the limits sit a little over
// what the files measure now, so that growth shows. docs/benchmarks.md has the figures.
module.exports = [
  {
    name: 'card page script',
    path: 'apps/web/dist/assets/card-page-*.js',
    gzip: true,
    limit: '5.5 kB',
  },
  {
    name: 'card page stylesheet',
    path: 'apps/web/dist/assets/card-page-style-*.css',
    gzip: true,
    limit: '9 kB',
  },
];
