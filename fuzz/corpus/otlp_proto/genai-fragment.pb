
Þ
Ý
#
service.name
weatherdesk-agent

service.version
3.17.8
+
deployment.environment.name

production
%
telemetry.sdk.name
opentelemetry
"
telemetry.sdk.language
python
!
telemetry.sdk.version
1.38.0û
,
#opentelemetry.instrumentation.genai0.3b0Ê
vÌÒn¨jÂfs‡ì³*)a‡È£x¸*invoke_agent WeatherDesk09jf÷0¦Aª¦Uû1¦J'
gen_ai.operation.name
invoke_agentJ 
gen_ai.provider.name
openaiJ"
gen_ai.agent.name
WeatherDeskJ2
gen_ai.agent.id
asst_FtBF4eN969Fo3pPoZGAGYTJ8J9
gen_ai.conversation.id
conv_f3a1b51c38e2d163d58a8a5dJ 
gen_ai.request.model
gpt-4o