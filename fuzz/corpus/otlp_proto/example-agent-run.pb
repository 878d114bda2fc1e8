
⁄^
Ÿ
"
service.name
traveldesk-agent

service.version
3.18.3
(
deployment.environment.name	
staging
%
telemetry.sdk.name
opentelemetry
"
telemetry.sdk.language
python
!
telemetry.sdk.version
1.38.0ÀZ
.
$openinference.instrumentation.openai0.1.31Ö
ˇÁõáÆU√R´∂“‘≈1´£"Y*
TravelDesk09ç:¶hxüA◊%Õ»ixüJ"
openinference.span.kind
AGENTJ

agent.name

TravelDeskJ(

session.id
318853529039f3103109839eJP
input.valueA
?Find me the cheapest nonstop from EWR to AMS on April 13, 2026.J
input.mime_type

text/plainJ√
output.value≤
ØHappy to help. The cheapest nonstop is AC1471 at $308, departing 4:30 PM and arriving 6:00 PM. The next cheapest, B61745, is $151 more at $459. Both are nonstop economy fares.J 
output.mime_type

text/plainzÃ
ˇÁõáÆU√R´∂“‘À¿£§àèE"≈1´£"Y*Messages09ób~®hxüAó}>ÊhxüJ 
openinference.span.kind
LLMJ.
llm.model_name
claude-3-7-sonnet-20250219J
llm.provider
	anthropicJ

llm.system
	anthropicJZ
llm.invocation_parameters=
;{"model": "claude-3-7-sonnet-20250219", "temperature": 0.2}J€
input.valueÀ
»{"model": "claude-3-7-sonnet-20250219", "messages": [{"role": "system", "content": "You are TravelDesk, an airline-agnostic travel assistant. Use the flight tools for statuses, bookings and fares. Times are local to the airport."}, {"role": "user", "content": "Find me the cheapest nonstop from EWR to AMS on April 13, 2026."}]}J%
input.mime_type
application/jsonJ˜
output.valueÊ
„[{"id": "toolu_013CNhvUeMhKiSQI46GdPVBZ", "name": "search_flights", "arguments": "{\"origin\": \"EWR\", \"destination\": \"AMS\", \"date\": \"2026-04-13\", \"cabin\": \"ECONOMY\", \"nonstop_only\": true, \"max_results\": 10}"}]J&
output.mime_type
application/jsonJ
llm.token_count.promptÁJ 
llm.token_count.completion,J
llm.token_count.totalìJ-
!llm.input_messages.0.message.role
systemJº
$llm.input_messages.0.message.contentì
êYou are TravelDesk, an airline-agnostic travel assistant. Use the flight tools for statuses, bookings and fares. Times are local to the airport.J+
!llm.input_messages.1.message.role
userJi
$llm.input_messages.1.message.contentA
?Find me the cheapest nonstop from EWR to AMS on April 13, 2026.J1
"llm.output_messages.0.message.role
	assistantJC
%llm.output_messages.0.message.content
Let me check the flight.J[
7llm.output_messages.0.message.tool_calls.0.tool_call.id 
toolu_013CNhvUeMhKiSQI46GdPVBZJV
Bllm.output_messages.0.message.tool_calls.0.tool_call.function.name
search_flightsJ«
Gllm.output_messages.0.message.tool_calls.0.tool_call.function.arguments|
z{"origin": "EWR", "destination": "AMS", "date": "2026-04-13", "cabin": "ECONOMY", "nonstop_only": true, "max_results": 10}Jó
llm.tools.0.tool.json_schemaˆ
Û{"type": "function", "function": {"name": "get_flight_status", "description": "Live status of a flight on a date.", "parameters": {"type": "object", "properties": {"flight_number": {"type": "string", "description": "IATA flight number, e.g. 'UA1432'.", "pattern": "^[A-Z0-9]{2}\\d{1,4}$"}, "date": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Departure date (YYYY-MM-DD, local)."}}, "required": ["flight_number", "date"], "additionalProperties": false}}}Jﬁ
llm.tools.1.tool.json_schemaΩ
∫{"type": "function", "function": {"name": "get_booking", "description": "Retrieve a booking by record locator and last name.", "parameters": {"type": "object", "properties": {"record_locator": {"type": "string", "description": "Six-character booking reference.", "pattern": "^[A-Z0-9]{6}$"}, "last_name": {"type": "string", "description": "Passenger last name."}}, "required": ["record_locator", "last_name"], "additionalProperties": false}}}Jù
llm.tools.2.tool.json_schema¸
˘{"type": "function", "function": {"name": "search_flights", "description": "Search scheduled flights with fares.", "parameters": {"type": "object", "properties": {"origin": {"type": "string", "description": "Origin IATA airport code.", "pattern": "^[A-Z]{3}$"}, "destination": {"type": "string", "description": "Destination IATA airport code.", "pattern": "^[A-Z]{3}$"}, "date": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Departure date (YYYY-MM-DD)."}, "cabin": {"type": "string", "enum": ["economy", "premium_economy", "business", "first"], "description": "Cabin class."}, "nonstop_only": {"type": "boolean", "description": "Only nonstop flights."}, "max_results": {"type": "integer", "description": "Maximum number of results.", "minimum": 1, "maximum": 50}}, "required": ["origin", "destination", "date"], "additionalProperties": false}}}z«
ˇÁõáÆU√R´∂“‘§#-†∞¯«"≈1´£"Y*search_flights09&QÁhxüA◊b85ixüJ!
openinference.span.kind
TOOLJ
	tool.name
search_flightsJ:
tool.description&
$Search scheduled flights with fares.Jç
tool.parameters˘
ˆ{"type": "object", "properties": {"origin": {"type": "string", "description": "Origin IATA airport code.", "pattern": "^[A-Z]{3}$"}, "destination": {"type": "string", "description": "Destination IATA airport code.", "pattern": "^[A-Z]{3}$"}, "date": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Departure date (YYYY-MM-DD)."}, "cabin": {"type": "string", "enum": ["economy", "premium_economy", "business", "first"], "description": "Cabin class."}, "nonstop_only": {"type": "boolean", "description": "Only nonstop flights."}, "max_results": {"type": "integer", "description": "Maximum number of results.", "minimum": 1, "maximum": 50}}, "required": ["origin", "destination", "date"], "additionalProperties": false}J0
tool_call.id 
toolu_013CNhvUeMhKiSQI46GdPVBZJã
input.value|
z{"origin": "EWR", "destination": "AMS", "date": "2026-04-13", "cabin": "ECONOMY", "nonstop_only": true, "max_results": 10}J%
input.mime_type
application/jsonJŸ
output.value»
≈{"flights": [{"flight_number": "AC1471", "depart": "2026-04-13T16:30", "arrive": "2026-04-13T18:00", "stops": 0, "fare": {"amount": 308.0, "currency": "USD"}}, {"flight_number": "B61745", "depart": "2026-04-13T12:30", "arrive": "2026-04-13T14:29", "stops": 0, "fare": {"amount": 459.0, "currency": "USD"}}, {"flight_number": "AA702", "depart": "2026-04-13T15:30", "arrive": "2026-04-13T19:27", "stops": 0, "fare": {"amount": 518.0, "currency": "USD"}}]}J&
output.mime_type
application/jsonz˜)
ˇÁõáÆU√R´∂“‘Ö?•H°`°Ô"≈1´£"Y*Messages09◊}Ô5ixüA2n«ixüJ 
openinference.span.kind
LLMJ.
llm.model_name
claude-3-7-sonnet-20250219J
llm.provider
	anthropicJ

llm.system
	anthropicJZ
llm.invocation_parameters=
;{"model": "claude-3-7-sonnet-20250219", "temperature": 0.2}J√
input.value≥
∞{"model": "claude-3-7-sonnet-20250219", "messages": [{"role": "system", "content": "You are TravelDesk, an airline-agnostic travel assistant. Use the flight tools for statuses, bookings and fares. Times are local to the airport."}, {"role": "user", "content": "Find me the cheapest nonstop from EWR to AMS on April 13, 2026."}, {"role": "assistant", "content": "Let me check the flight."}, {"role": "tool", "content": "{\"flights\": [{\"flight_number\": \"AC1471\", \"depart\": \"2026-04-13T16:30\", \"arrive\": \"2026-04-13T18:00\", \"stops\": 0, \"fare\": {\"amount\": 308.0, \"currency\": \"USD\"}}, {\"flight_number\": \"B61745\", \"depart\": \"2026-04-13T12:30\", \"arrive\": \"2026-04-13T14:29\", \"stops\": 0, \"fare\": {\"amount\": 459.0, \"currency\": \"USD\"}}, {\"flight_number\": \"AA702\", \"depart\": \"2026-04-13T15:30\", \"arrive\": \"2026-04-13T19:27\", \"stops\": 0, \"fare\": {\"amount\": 518.0, \"currency\": \"USD\"}}]}"}]}J%
input.mime_type
application/jsonJ√
output.value≤
ØHappy to help. The cheapest nonstop is AC1471 at $308, departing 4:30 PM and arriving 6:00 PM. The next cheapest, B61745, is $151 more at $459. Both are nonstop economy fares.J 
output.mime_type

text/plainJ
llm.token_count.promptÚJ 
llm.token_count.completion+J
llm.token_count.totalùJ-
!llm.input_messages.0.message.role
systemJº
$llm.input_messages.0.message.contentì
êYou are TravelDesk, an airline-agnostic travel assistant. Use the flight tools for statuses, bookings and fares. Times are local to the airport.J+
!llm.input_messages.1.message.role
userJi
$llm.input_messages.1.message.contentA
?Find me the cheapest nonstop from EWR to AMS on April 13, 2026.J0
!llm.input_messages.2.message.role
	assistantJB
$llm.input_messages.2.message.content
Let me check the flight.JZ
6llm.input_messages.2.message.tool_calls.0.tool_call.id 
toolu_013CNhvUeMhKiSQI46GdPVBZJU
Allm.input_messages.2.message.tool_calls.0.tool_call.function.name
search_flightsJ∆
Fllm.input_messages.2.message.tool_calls.0.tool_call.function.arguments|
z{"origin": "EWR", "destination": "AMS", "date": "2026-04-13", "cabin": "ECONOMY", "nonstop_only": true, "max_results": 10}J+
!llm.input_messages.3.message.role
toolJÒ
$llm.input_messages.3.message.content»
≈{"flights": [{"flight_number": "AC1471", "depart": "2026-04-13T16:30", "arrive": "2026-04-13T18:00", "stops": 0, "fare": {"amount": 308.0, "currency": "USD"}}, {"flight_number": "B61745", "depart": "2026-04-13T12:30", "arrive": "2026-04-13T14:29", "stops": 0, "fare": {"amount": 459.0, "currency": "USD"}}, {"flight_number": "AA702", "depart": "2026-04-13T15:30", "arrive": "2026-04-13T19:27", "stops": 0, "fare": {"amount": 518.0, "currency": "USD"}}]}JM
)llm.input_messages.3.message.tool_call_id 
toolu_013CNhvUeMhKiSQI46GdPVBZJ1
"llm.output_messages.0.message.role
	assistantJ‹
%llm.output_messages.0.message.content≤
ØHappy to help. The cheapest nonstop is AC1471 at $308, departing 4:30 PM and arriving 6:00 PM. The next cheapest, B61745, is $151 more at $459. Both are nonstop economy fares.Jó
llm.tools.0.tool.json_schemaˆ
Û{"type": "function", "function": {"name": "get_flight_status", "description": "Live status of a flight on a date.", "parameters": {"type": "object", "properties": {"flight_number": {"type": "string", "description": "IATA flight number, e.g. 'UA1432'.", "pattern": "^[A-Z0-9]{2}\\d{1,4}$"}, "date": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Departure date (YYYY-MM-DD, local)."}}, "required": ["flight_number", "date"], "additionalProperties": false}}}Jﬁ
llm.tools.1.tool.json_schemaΩ
∫{"type": "function", "function": {"name": "get_booking", "description": "Retrieve a booking by record locator and last name.", "parameters": {"type": "object", "properties": {"record_locator": {"type": "string", "description": "Six-character booking reference.", "pattern": "^[A-Z0-9]{6}$"}, "last_name": {"type": "string", "description": "Passenger last name."}}, "required": ["record_locator", "last_name"], "additionalProperties": false}}}Jù
llm.tools.2.tool.json_schema¸
˘{"type": "function", "function": {"name": "search_flights", "description": "Search scheduled flights with fares.", "parameters": {"type": "object", "properties": {"origin": {"type": "string", "description": "Origin IATA airport code.", "pattern": "^[A-Z]{3}$"}, "destination": {"type": "string", "description": "Destination IATA airport code.", "pattern": "^[A-Z]{3}$"}, "date": {"type": "string", "format": "date", "pattern": "^\\d{4}-\\d{2}-\\d{2}$", "description": "Departure date (YYYY-MM-DD)."}, "cabin": {"type": "string", "enum": ["economy", "premium_economy", "business", "first"], "description": "Cabin class."}, "nonstop_only": {"type": "boolean", "description": "Only nonstop flights."}, "max_results": {"type": "integer", "description": "Maximum number of results.", "minimum": 1, "maximum": 50}}, "required": ["origin", "destination", "date"], "additionalProperties": false}}}z≠
-
#opentelemetry.instrumentation.httpx0.54b0˚
ˇÁõáÆU√R´∂“‘˜Å7‹í¢YÏ"§#-†∞¯«*POST09ó≥¨ÁhxüAWﬁ5ixüJ
http.request.method
POSTJ;
url.full/
-https://traveldesk.internal/v1/search_flightsJ'
server.address
traveldesk.internalJ
server.portªJ 
http.response.status_code»