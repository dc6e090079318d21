import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ActivityEntry as _marketplace_purchases_v1_ActivityEntry, ActivityEntry__Output as _marketplace_purchases_v1_ActivityEntry__Output } from './marketplace/purchases/v1/ActivityEntry';
import type { Download as _marketplace_purchases_v1_Download, Download__Output as _marketplace_purchases_v1_Download__Output } from './marketplace/purchases/v1/Download';
import type { DownloadAccess as _marketplace_purchases_v1_DownloadAccess, DownloadAccess__Output as _marketplace_purchases_v1_DownloadAccess__Output } from './marketplace/purchases/v1/DownloadAccess';
import type { GetDownloadAccessRequest as _marketplace_purchases_v1_GetDownloadAccessRequest, GetDownloadAccessRequest__Output as _marketplace_purchases_v1_GetDownloadAccessRequest__Output } from './marketplace/purchases/v1/GetDownloadAccessRequest';
import type { ListPurchaseActivityRequest as _marketplace_purchases_v1_ListPurchaseActivityRequest, ListPurchaseActivityRequest__Output as _marketplace_purchases_v1_ListPurchaseActivityRequest__Output } from './marketplace/purchases/v1/ListPurchaseActivityRequest';
import type { ListPurchaseActivityResponse as _marketplace_purchases_v1_ListPurchaseActivityResponse, ListPurchaseActivityResponse__Output as _marketplace_purchases_v1_ListPurchaseActivityResponse__Output } from './marketplace/purchases/v1/ListPurchaseActivityResponse';
import type { ListPurchasesRequest as _marketplace_purchases_v1_ListPurchasesRequest, ListPurchasesRequest__Output as _marketplace_purchases_v1_ListPurchasesRequest__Output } from './marketplace/purchases/v1/ListPurchasesRequest';
import type { ListPurchasesResponse as _marketplace_purchases_v1_ListPurchasesResponse, ListPurchasesResponse__Output as _marketplace_purchases_v1_ListPurchasesResponse__Output } from './marketplace/purchases/v1/ListPurchasesResponse';
import type { Money as _marketplace_purchases_v1_Money, Money__Output as _marketplace_purchases_v1_Money__Output } from './marketplace/purchases/v1/Money';
import type { Purchase as _marketplace_purchases_v1_Purchase, Purchase__Output as _marketplace_purchases_v1_Purchase__Output } from './marketplace/purchases/v1/Purchase';
import type { PurchasesServiceClient as _marketplace_purchases_v1_PurchasesServiceClient, PurchasesServiceDefinition as _marketplace_purchases_v1_PurchasesServiceDefinition } from './marketplace/purchases/v1/PurchasesService';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  marketplace: {
    purchases: {
      v1: {
        ActivityEntry: MessageTypeDefinition<_marketplace_purchases_v1_ActivityEntry, _marketplace_purchases_v1_ActivityEntry__Output>
        Download: MessageTypeDefinition<_marketplace_purchases_v1_Download, _marketplace_purchases_v1_Download__Output>
        DownloadAccess: MessageTypeDefinition<_marketplace_purchases_v1_DownloadAccess, _marketplace_purchases_v1_DownloadAccess__Output>
        GetDownloadAccessRequest: MessageTypeDefinition<_marketplace_purchases_v1_GetDownloadAccessRequest, _marketplace_purchases_v1_GetDownloadAccessRequest__Output>
        ListPurchaseActivityRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseActivityRequest, _marketplace_purchases_v1_ListPurchaseActivityRequest__Output>
        ListPurchaseActivityResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchaseActivityResponse, _marketplace_purchases_v1_ListPurchaseActivityResponse__Output>
        ListPurchasesRequest: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchasesRequest, _marketplace_purchases_v1_ListPurchasesRequest__Output>
        ListPurchasesResponse: MessageTypeDefinition<_marketplace_purchases_v1_ListPurchasesResponse, _marketplace_purchases_v1_ListPurchasesResponse__Output>
        Money: MessageTypeDefinition<_marketplace_purchases_v1_Money, _marketplace_purchases_v1_Money__Output>
        Purchase: MessageTypeDefinition<_marketplace_purchases_v1_Purchase, _marketplace_purchases_v1_Purchase__Output>
        /**
         * The provider's purchases and their activity, and download access to purchased releases; every call is
         * scoped to the caller's organisation.
         */
        PurchasesService: SubtypeConstructor<typeof grpc.Client, _marketplace_purchases_v1_PurchasesServiceClient> & { service: _marketplace_purchases_v1_PurchasesServiceDefinition }
      }
    }
  }
}

