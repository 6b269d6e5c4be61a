/// The API's OpenAPI 3.1 document, served at `/openapi.yaml`. Written by hand; ServeTests
/// checks that every path it lists is routed and every route is listed.
enum OpenAPIDocument {
    static let yaml = """
        openapi: 3.1.0
        info:
          title: Frost
          version: 0.1.0
          description: |
            Gaussian blur, iOS materials and vibrancy, legibility, interactive-blur stages and SwiftUI
            transitions rendered by Frost. Images go in as PNG or JPEG bytes; every error is an
            RFC 9457 problem (application/problem+json) with a 4xx status for bad input.
        paths:
          /healthz:
            get:
              summary: Liveness, the running and queued renders and the cached images.
              responses:
                '200': {description: OK, content: {application/json: {}}}
          /openapi.yaml:
            get:
              summary: This document.
              responses:
                '200': {description: OK, content: {application/yaml: {}}}
          /v1/blur:
            post:
              summary: The image blurred with a Gaussian of σ pixels.
              parameters:
                - {name: sigma, in: query, required: true, schema: {type: number, minimum: 0, maximum: 256}}
                - {name: edges, in: query, schema: {type: string, enum: [clamp, mirror, wrap, transparent], default: clamp}}
                - {name: quality, in: query, schema: {type: string, enum: [exact, default, realtime], default: default}}
                - {name: region, in: query, description: 'x,y,w,h in pixels; only this part is blurred', schema: {type: string}}
              requestBody: {$ref: '#/components/requestBodies/Image'}
              responses:
                '200': {description: The blurred image, content: {image/png: {}}}
                '400': {$ref: '#/components/responses/Problem'}
                '413': {$ref: '#/components/responses/Problem'}
                '503': {$ref: '#/components/responses/Busy'}
          /v1/material:
            post:
              summary: A UIBlurEffect material panel over the image, with an optional vibrant label.
              parameters:
                - {name: style, in: query, schema: {type: string, default: systemMaterial}}
                - {name: appearance, in: query, schema: {type: string, enum: [light, dark], default: light}}
                - {name: rect, in: query, description: 'x,y,w,h in pixels (default: the whole image)', schema: {type: string}}
                - {name: corner-radius, in: query, schema: {type: number, minimum: 0}}
                - {name: vibrancy, in: query, schema: {type: string}}
                - {name: label, in: query, schema: {type: string, maxLength: 200}}
              requestBody: {$ref: '#/components/requestBodies/Image'}
              responses:
                '200': {description: The image with the panel, content: {image/png: {}}}
                '400': {$ref: '#/components/responses/Problem'}
                '413': {$ref: '#/components/responses/Problem'}
                '503': {$ref: '#/components/responses/Busy'}
          /v1/legibility:
            post:
              summary: WCAG contrast of a text colour over a region, alone and under each material.
              parameters:
                - {name: rect, in: query, schema: {type: string}}
                - {name: text-color, in: query, schema: {type: string, default: '#FFFFFF'}}
                - {name: appearance, in: query, schema: {type: string, enum: [light, dark]}}
              requestBody: {$ref: '#/components/requestBodies/Image'}
              responses:
                '200': {description: The report, content: {application/json: {}}}
                '400': {$ref: '#/components/responses/Problem'}
                '413': {$ref: '#/components/responses/Problem'}
                '503': {$ref: '#/components/responses/Busy'}
          /v1/stages:
            post:
              summary: N blurred stages from σ 0 to max-sigma, for cross-fading by scroll position.
              parameters:
                - {name: count, in: query, schema: {type: integer, minimum: 1, maximum: 64, default: 10}}
                - {name: max-sigma, in: query, schema: {type: number, minimum: 0, maximum: 256, default: 30}}
                - {name: spacing, in: query, schema: {type: string, enum: [linear, doubling], default: linear}}
                - {name: size, in: query, description: longest side in pixels to shrink to first, schema: {type: integer}}
              requestBody: {$ref: '#/components/requestBodies/Image'}
              responses:
                '200': {description: 'sigmas, width, height and the stages as PNG data URLs', content: {application/json: {}}}
                '400': {$ref: '#/components/responses/Problem'}
                '413': {$ref: '#/components/responses/Problem'}
                '503': {$ref: '#/components/responses/Busy'}
          /v1/transition:
            post:
              summary: A card inserted with a SwiftUI transition and animation, or an example tapped, as APNG or GIF.
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      properties:
                        transition: {type: string, example: '.move(edge: .leading).combined(with: .opacity)'}
                        animation: {type: string, example: '.spring(duration: 0.5, bounce: 0.3)'}
                        example: {type: string, enum: [card, content-card, content-card-bridged]}
                        format: {type: string, enum: [apng, gif, frames]}
                        fps: {type: number, minimum: 1, maximum: 120}
                        width: {type: number}
                        height: {type: number}
                        scale: {type: number}
                        appearance: {type: string, enum: [light, dark]}
              responses:
                '200': {description: 'The animation (frames: JSON with fps and PNG data URLs)', content: {image/apng: {}, image/gif: {}, application/json: {}}}
                '400': {$ref: '#/components/responses/Problem'}
                '413': {$ref: '#/components/responses/Problem'}
                '503': {$ref: '#/components/responses/Busy'}
        components:
          requestBodies:
            Image:
              required: true
              content:
                image/png: {}
                image/jpeg: {}
          responses:
            Problem:
              description: RFC 9457 problem details naming what is wrong.
              content:
                application/problem+json:
                  schema:
                    type: object
                    properties:
                      type: {type: string}
                      title: {type: string}
                      status: {type: integer}
                      detail: {type: string}
            Busy:
              description: Every worker is busy and the queue is full, or the render took too long.
              headers:
                Retry-After: {schema: {type: integer}}
              content:
                application/problem+json: {}

        """
}
