/** The background jobs: what the runner, the Redis queue, the worker and each job's run log. */

import { countOf } from "./locale/plural";

export const jobs = {
  // The runner
  unknownJob: (name: string) => `Tarefa desconhecida: ${name}`,
  submitFailed: (name: string, id: string) => `Falha ao registrar a tarefa ${name} ${id}:`,
  waitTimedOut: (id: string, ms: number, status: string | undefined) =>
    `A tarefa ${id} não terminou em ${ms} ms (situação: ${status ?? "inexistente"})`,
  interruptedByRestart: "Interrompida: o servidor reiniciou antes de a tarefa terminar",
  scheduleFailed: (name: string) => `Agendamento de ${name} falhou:`,

  // The Redis queue
  queueError: "Erro na fila de tarefas (Redis):",
  queueTimedOut: "A fila de tarefas (Redis) não respondeu a tempo",
  workerError: "Erro no worker de tarefas (Redis):",
  redisTimedOut: "Redis não respondeu a tempo",

  // npm run worker
  workerNeedsRedis:
    "REDIS_URL não está definida: o worker precisa do Redis (ex.: REDIS_URL=redis://127.0.0.1:6379).\n" +
    "Sem Redis não é preciso worker: o próprio servidor web executa as tarefas.",
  workerStarted: (jobNames: string[]) => `Worker de tarefas iniciado: ${jobNames.join(", ")}`,
  workerForcedStop: (signal: string) =>
    `${signal} de novo: encerrando sem esperar as tarefas em andamento.`,
  workerStopping: (signal: string) =>
    `${signal} recebido: esperando as tarefas em andamento terminarem...`,
  workerStopped: "Worker encerrado.",
  workerFailedToStart: "O worker de tarefas falhou ao iniciar:",

  // Who is alive behind the Redis queue (ADR 0040)
  presenceFailed: "Não foi possível registrar este processo no Redis (sinal de vida):",
  followingWebProcess: (port: number) =>
    `Servidor web encontrado no Redis: as tarefas usam os simuladores locais em http://127.0.0.1:${port}`,

  // Each job's run log
  maintenanceDone: (
    sessions: number,
    loginAttempts: number,
    requestHours: number,
    sentMail: number,
  ) =>
    `${sessions} sessões expiradas, ${loginAttempts} tentativas de login e ${requestHours} horas de contagem de respostas antigas removidas; ${sentMail} e-mails enviados há mais de 30 dias compactados`,
  planChangesApplied: (n: number) =>
    countOf(n, {
      one: "mudança de plano agendada aplicada",
      other: "mudanças de plano agendadas aplicadas",
    }),
  paymentsReconciled: (report: {
    checked: number;
    approved: number;
    closed: number;
    stillPending: number;
    failed: number;
  }) =>
    `${report.checked} faturas verificadas: ${report.approved} aprovadas, ${report.closed} encerradas, ` +
    `${report.stillPending} pendentes, ${report.failed} falhas`,
} as const;
