// The floor of the API benchmark (issue 17): a bare Fastify 5 route answering {code:0,data:{hello:'world'}}, in a
// process of its own like the reference server, on PORT at 127.0.0.1. No logger, no plugins. The same answer also
// comes from /api/* and /cou/*, so the benchmark can send it the reference server's own requests (their long
// encrypted URLs, bodies and headers) and tell what reading such requests costs by itself.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
const hello = async () => ({ code: 0, data: { hello: 'world' } })
app.get('/hello', hello)
for (const base of ['/api', '/cou']) app.route({ method: ['GET', 'POST'], url: `${base}/*`, handler: hello })
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)))
