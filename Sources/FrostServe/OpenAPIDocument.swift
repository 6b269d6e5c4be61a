import FrostEffects

/// The API's OpenAPI 3.1 document, served at `/openapi.yaml`, with the ranges of the limits the
/// server runs with. Written by hand and held to the server two ways: ServeRouteTests checks
/// that every path it lists is routed and every route is listed, and `Scripts/check_openapi.py`
/// (in CI) runs schemathesis against a live server: generated requests, valid and invalid, whose
/// answers must match the statuses, headers, content types and schemas written here.
enum OpenAPIDocument {
    static func yaml(limits: ServeLimits) -> String {
        let maxSigma = limits.maxSigma.formatted0
        let styles = FrostAPI.materialNames.joined(separator: ", ")
        let vibrancies = Vibrancy.allCases.map(\.rawValue).joined(separator: ", ")
        // Every POST endpoint's error answers, at their place in the document.
        let errors = [
            "'400': {$ref: '#/components/responses/Problem'}", "'405': {$ref: '#/components/responses/MethodNotAllowed'}",
            "'408': {$ref: '#/components/responses/Problem'}",
            "'413': {$ref: '#/components/responses/Problem'}", "'422': {$ref: '#/components/responses/Problem'}",
            "'503': {$ref: '#/components/responses/Busy'}",
        ].map { String(repeating: " ", count: 8) + $0 }.joined(separator: "\n")
        return """
            openapi: 3.1.0
            info:
              title: Frost
              version: 0.2.0
              description: |
                Gaussian blur, iOS materials and vibrancy, legibility, interactive-blur stages and SwiftUI
                transitions rendered by Frost. Images go in as PNG or JPEG bytes (recognised by their
                signature, whatever the Content-Type); every error is an RFC 9457 problem
                (application/problem+json), 4xx for bad input. The ranges below are the limits this server
                runs with (frost-serve's flags). Live blur is a WebSocket at /v1/live: send the image as a
                binary message (one message of up to \(limits.maxUploadBytes) bytes), then {"sigma": s} text
                messages; each answers with a PNG. At most \(limits.liveClients) live connections are open at
                once (close code 1013 beyond).

                Limits beyond the ranges: a request body must arrive within \(limits.bodySeconds) s (408); a render
                answers within \(limits.requestSeconds.formatted0) s (503 beyond, and the render is cancelled); a request
                waits for a worker only while it can be expected to start within that time (503 with
                Retry-After otherwise). Requests in flight share a memory budget of \(limits.memoryBytes - limits.memoryBytes / 4) bytes
                (bodies as they arrive, decoded images, stages and frames as they are made, live images): a
                request that could never fit is a 413 (unit "memory-bytes"), one that does not fit beside
                the others now a 503. On SIGTERM the server finishes what is in flight for up to
                \(limits.graceSeconds) s, closes live connections with a close frame, and exits 0.
            paths:
              /healthz:
                head:
                  summary: The GET's status and headers, without the body.
                  responses:
                    '200': {description: OK}
                get:
                  summary: Liveness, the running and queued renders and the cached images.
                  responses:
                    '200':
                      description: OK
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [status, running, queued, cachedImages]
                            additionalProperties: false
                            properties:
                              status: {const: ok}
                              running: {type: integer, minimum: 0, maximum: \(limits.concurrency)}
                              queued: {type: integer, minimum: 0, maximum: \(limits.queueDepth)}
                              cachedImages: {type: integer, minimum: 0, maximum: \(limits.cacheEntries)}
                    '405': {$ref: '#/components/responses/MethodNotAllowed'}
              /openapi.yaml:
                head:
                  summary: The GET's status and headers, without the body.
                  responses:
                    '200': {description: OK}
                get:
                  summary: This document.
                  responses:
                    '200': {description: OK, content: {application/yaml: {schema: {type: string}}}}
                    '405': {$ref: '#/components/responses/MethodNotAllowed'}
              /:
                head:
                  summary: The GET's status and headers, without the body.
                  responses:
                    '200': {description: OK}
                get:
                  summary: The playground page.
                  responses:
                    '200': {description: OK, content: {text/html: {schema: {type: string}}}}
                    '405': {$ref: '#/components/responses/MethodNotAllowed'}
              /app.js:
                head:
                  summary: The GET's status and headers, without the body.
                  responses:
                    '200': {description: OK}
                get:
                  summary: The playground's script.
                  responses:
                    '200': {description: OK, content: {text/javascript: {schema: {type: string}}}}
                    '405': {$ref: '#/components/responses/MethodNotAllowed'}
              /sample.png:
                head:
                  summary: The GET's status and headers, without the body.
                  responses:
                    '200': {description: OK}
                get:
                  summary: The built-in sample photo (512 × 512 px).
                  responses:
                    '200': {description: OK, content: {image/png: {schema: {type: string, format: binary}}}}
                    '405': {$ref: '#/components/responses/MethodNotAllowed'}
                    '503': {$ref: '#/components/responses/Busy'}
              /v1/blur:
                post:
                  summary: The image blurred with a Gaussian of σ pixels.
                  parameters:
                    - {name: sigma, in: query, required: true, schema: {type: number, minimum: 0, maximum: \(maxSigma)}}
                    - {name: edges, in: query, schema: {type: string, enum: [clamp, mirror, wrap, transparent], default: clamp}}
                    - {name: quality, in: query, schema: {type: string, enum: [exact, default, realtime], default: default}}
                    - {name: region, in: query, description: 'x,y,w,h in pixels, inside the image; only this part is blurred', schema: {$ref: '#/components/schemas/Rect'}}
                  requestBody: {$ref: '#/components/requestBodies/Image'}
                  responses:
                    '200': {$ref: '#/components/responses/PNG'}
            \(errors)
              /v1/material:
                post:
                  summary: A UIBlurEffect material panel over the image, with an optional label in a vibrancy style.
                  parameters:
                    - {name: style, in: query, description: 'UIBlurEffect.Style names, or SwiftUI Material names (regularMaterial is systemMaterial, ultraThickMaterial systemThickMaterial, bar systemChromeMaterial), spelt exactly', schema: {type: string, enum: [\(styles)], default: systemMaterial}}
                    - {name: appearance, in: query, schema: {type: string, enum: [light, dark], default: light}}
                    - {name: rect, in: query, description: 'x,y,w,h in pixels, inside the image (default: the whole image)', schema: {$ref: '#/components/schemas/Rect'}}
                    - {name: corner-radius, in: query, description: points of the panel's continuous corners, schema: {type: number, minimum: 0, maximum: 1000, default: 0}}
                    - {name: vibrancy, in: query, description: 'the label''s vibrancy style (default: label)', schema: {type: string, enum: [\(vibrancies)]}}
                    - {name: label, in: query, description: 17 pt text centred on the panel, schema: {type: string, maxLength: 200}}
                  requestBody: {$ref: '#/components/requestBodies/Image'}
                  responses:
                    '200': {$ref: '#/components/responses/PNG'}
            \(errors)
              /v1/legibility:
                post:
                  summary: WCAG contrast of a text colour over a region, alone and under each material, and the thinnest material reaching 4.5:1.
                  parameters:
                    - {name: rect, in: query, description: 'x,y,w,h in pixels (default: the whole image)', schema: {$ref: '#/components/schemas/Rect'}}
                    - {name: text-color, in: query, schema: {type: string, pattern: '^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$', default: '#FFFFFF'}}
                    - {name: appearance, in: query, schema: {type: string, enum: [light, dark], default: light}}
                  requestBody: {$ref: '#/components/requestBodies/Image'}
                  responses:
                    '200':
                      description: The report; contrast ratios 1…21.
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [image, materials, recommendation]
                            additionalProperties: false
                            properties:
                              image: {$ref: '#/components/schemas/Contrast'}
                              materials:
                                type: array
                                items:
                                  allOf: [{$ref: '#/components/schemas/Contrast'}]
                                  required: [material]
                                  properties: {material: {type: string}}
                              recommendation:
                                oneOf:
                                  - {type: 'null'}
                                  - type: object
                                    required: [material, vibrancy, minimum]
                                    properties:
                                      material: {type: string}
                                      vibrancy: {type: [string, 'null']}
                                      minimum: {type: number, minimum: 1, maximum: 21}
            \(errors)
              /v1/stages:
                post:
                  summary: Blurred stages for cross-fading by scroll position, from σ 0 to max-sigma.
                  parameters:
                    - {name: count, in: query, description: stages with linear spacing, schema: {type: integer, minimum: 1, maximum: \(limits.maxStages), default: 10}}
                    - {name: max-sigma, in: query, schema: {type: number, minimum: 0, maximum: \(maxSigma), default: 30}}
                    - {name: spacing, in: query, description: 'linear: count stages evenly spaced; doubling: σ 0, 1, 2, 4… up to max-sigma', schema: {type: string, enum: [linear, doubling], default: linear}}
                    - {name: size, in: query, description: longest side in pixels to shrink the image to first, schema: {type: integer, minimum: 16, maximum: 4096}}
                  requestBody: {$ref: '#/components/requestBodies/Image'}
                  responses:
                    '200':
                      description: The stages' σ, their size and each as a PNG data URL.
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [sigmas, width, height, images]
                            additionalProperties: false
                            properties:
                              sigmas: {type: array, minItems: 1, maxItems: \(limits.maxStages), items: {type: number, minimum: 0, maximum: \(maxSigma)}}
                              width: {type: integer, minimum: 1}
                              height: {type: integer, minimum: 1}
                              images: {type: array, minItems: 1, maxItems: \(limits.maxStages), items: {$ref: '#/components/schemas/PNGDataURL'}}
            \(errors)
              /v1/transition:
                post:
                  summary: A card inserted with a SwiftUI transition and animation, or an example tapped, as APNG, GIF or frames.
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          additionalProperties: false
                          properties:
                            transition: {type: string, maxLength: 500, description: 'as in SwiftUI (example card)', default: .opacity, example: '.move(edge: .leading).combined(with: .opacity)'}
                            animation: {type: string, maxLength: 500, description: 'as in SwiftUI; must end within 10 s', default: '.smooth(duration: 0.4)', example: '.spring(duration: 0.5, bounce: 0.3)'}
                            example: {type: string, enum: [card, content-card, content-card-bridged], default: card}
                            format: {type: string, enum: [apng, gif, frames], default: apng}
                            fps: {type: number, minimum: 1, maximum: 120, default: 30}
                            width: {type: number, minimum: 16, maximum: 1024, default: 320, description: points}
                            height: {type: number, minimum: 16, maximum: 1024, default: 220, description: points}
                            scale: {type: number, minimum: 0.5, maximum: 3, default: 1, description: 'pixels per point; a frame is at most \(limits.maxPixels) pixels'}
                            appearance: {type: string, enum: [light, dark], default: light}
                  responses:
                    '200':
                      description: 'The animation, at most \(limits.maxFrames) frames (frames: JSON with fps and PNG data URLs)'
                      content:
                        image/apng: {schema: {type: string, format: binary}}
                        image/gif: {schema: {type: string, format: binary}}
                        application/json:
                          schema:
                            type: object
                            required: [fps, frames]
                            additionalProperties: false
                            properties:
                              fps: {type: number, minimum: 1, maximum: 120}
                              frames: {type: array, minItems: 1, maxItems: \(limits.maxFrames), items: {$ref: '#/components/schemas/PNGDataURL'}}
            \(errors)
            components:
              schemas:
                Rect: {type: string, pattern: '^[0-9]{1,9},[0-9]{1,9},0*[1-9][0-9]{0,8},0*[1-9][0-9]{0,8}$'}
                PNGDataURL: {type: string, pattern: '^data:image/png;base64,[A-Za-z0-9+/]+=*$'}
                Contrast:
                  type: object
                  required: [minimum, median]
                  properties:
                    minimum: {type: number, minimum: 1, maximum: 21}
                    median: {type: number, minimum: 1, maximum: 21}
                Problem:
                  type: object
                  required: [type, title, status, detail]
                  properties:
                    type: {type: string, pattern: '^urn:frost:problem:[a-z-]+$'}
                    title: {type: string}
                    status: {type: integer, minimum: 400, maximum: 599}
                    detail: {type: string, minLength: 1}
                    parameter: {type: string, description: the parameter at fault}
                    valid: {type: array, items: {type: string}, description: the values it may take}
                    limit: {type: number, description: the limit exceeded}
                    unit: {type: string, enum: [bytes, pixels, frames, memory-bytes]}
              requestBodies:
                Image:
                  required: true
                  description: 'PNG or JPEG, at most \(limits.maxUploadBytes) bytes and \(limits.maxPixels) pixels'
                  content:
                    image/png: {schema: {type: string, format: binary}}
                    image/jpeg: {schema: {type: string, format: binary}}
              responses:
                PNG:
                  description: The image, as PNG.
                  content:
                    image/png: {schema: {type: string, format: binary}}
                Problem:
                  description: RFC 9457 problem details naming what is wrong.
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}
                MethodNotAllowed:
                  description: The path answers other methods, named by Allow.
                  headers:
                    Allow: {required: true, schema: {type: string}}
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}
                Busy:
                  description: Every worker is busy and no worker is expected within \(limits.requestSeconds.formatted0) s, the memory the request needs is held by others, or the render took longer than \(limits.requestSeconds.formatted0) s.
                  headers:
                    Retry-After: {required: true, schema: {type: integer, minimum: 1}}
                  content:
                    application/problem+json:
                      schema: {$ref: '#/components/schemas/Problem'}

            """
    }
}
