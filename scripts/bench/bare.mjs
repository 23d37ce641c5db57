// The floor of the API benchmark (issue 17): a bare Fastify 5 route answering {code:0,data:{hello:'world'}}, in a
// process of its own like the reference server, on PORT at 127.0.0.1. No logger, no plugins.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.get('/hello', async () => ({ code: 0, data: { hello: 'world' } }))
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => app.close().then(() => process.exit(0)))
